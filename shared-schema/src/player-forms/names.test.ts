import { describe, expect, it } from 'vitest';
import { MSG } from '../common/messages';
import { isPersonName, nameLength } from '../common/names';
import { PLAYER_NAME_MAX, playName, printedName } from '../results/rules';
import { resultDocSchema } from '../results/schemas';
import { MEDICAL_MSG } from './medical';
import { medicalBasics } from './schemas';

/** Names as people have them (issue 22): the one rule, used by the medical form and the server. */
const firstName = medicalBasics.shape.FirstName;
const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe("players' names", () => {
  it.each([
    "O'Brien",
    'O’Brien',
    'Jean-Pierre',
    '李雷',
    'Ольга-Łucja',
    'عبد الله',
    'देवनागरी',
    'עברית',
    'محمد',
    'Nguyễn Thị',
    'Jr. Smith',
    'Jr.',
    'St. John',
    "O'Neil",
    "Jr. O'Neil-García",
    'محمد العربي',
    '山田太郎',
    'Ελένη',
    'فاطمه\u200Cزهرا',
    '김민준',
    'さくら',
    'Ζωή',
  ])('accepts %j', (n) => {
    expect(firstName.safeParse(n).success).toBe(true);
  });

  it.each([
    'John1',
    'Ann@',
    'Bob!',
    '<script>',
    'A_B',
    'x;drop',
    '李雷2',
    '١٢٣',
    'Ann 😀',
    '-Ann',
    '#',
    'www.evil.example',
    'evil.example',
    'Call 5550100',
    'Call +1-555-0100 now',
    'http://evil',
    'Ann..Lee',
    'Jr..',
    'J.R.',
    'Ann .',
  ])('refuses %j with the spec message', (n) => {
    expect(firstMessage(firstName.safeParse(n))).toBe(MSG.specialCharacters);
  });

  it('counts characters, not UTF-16 units: 24 CJK or astral letters pass, 25 do not', () => {
    // 𠮷 is one character but two UTF-16 units: 24 of them are 48 units.
    expect(firstName.safeParse('𠮷'.repeat(PLAYER_NAME_MAX)).success).toBe(true);
    expect(firstName.safeParse('李'.repeat(PLAYER_NAME_MAX)).success).toBe(true);
    expect(firstMessage(firstName.safeParse('李'.repeat(PLAYER_NAME_MAX + 1)))).toBe(MEDICAL_MSG.nameTooLong);
  });

  it('counts after NFC: a decomposed accent is one character, and the name is kept composed', () => {
    const decomposed = 'e\u0301'.repeat(PLAYER_NAME_MAX); // 48 code points before NFC, 24 after
    const parsed = firstName.safeParse(decomposed);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toBe('é'.repeat(PLAYER_NAME_MAX));
    expect(nameLength(decomposed)).toBe(PLAYER_NAME_MAX);
  });

  it('still requires a name', () => {
    expect(firstMessage(firstName.safeParse('   '))).toBe(MEDICAL_MSG.firstNameRequired);
  });

  it('isPersonName is the rule both sides use', () => {
    expect(isPersonName('Ольга-Łucja')).toBe(true);
    expect(isPersonName('Olga 2')).toBe(false);
  });

  it("a play's names are counted the same way, never refused for their characters, and kept empty when they break the rule", () => {
    const doc = {
      id: '0b3c1a52-7c1c-4c8e-9d7e-3f1c2b9a8e71',
      testKitId: 1,
      kitVersion: 1,
      playedAt: new Date().toISOString(),
      answers: [{ scentCardId: 1, scentOptionId: 1, smellIntensity: 3 }],
    };
    expect(resultDocSchema.safeParse({ ...doc, firstName: '李'.repeat(PLAYER_NAME_MAX) }).success).toBe(true);
    expect(resultDocSchema.safeParse({ ...doc, firstName: '李'.repeat(PLAYER_NAME_MAX + 1) }).success).toBe(false);
    const bad = resultDocSchema.safeParse({ ...doc, firstName: 'www.evil.example', lastName: 'Call 5550100' });
    expect(bad.success && [bad.data.firstName, bad.data.lastName]).toEqual(['', '']);
    const good = resultDocSchema.safeParse({ ...doc, firstName: " Jr. O'Neil-García ", lastName: '李雷' });
    expect(good.success && [good.data.firstName, good.data.lastName]).toEqual(["Jr. O'Neil-García", '李雷']);
  });

  it('playName: the device cuts a name to 24 characters, never inside a character, and empties one that breaks the rule', () => {
    expect(playName('𠮷'.repeat(30))).toBe('𠮷'.repeat(PLAYER_NAME_MAX));
    expect(playName('www.evil.example/win')).toBe('');
    expect(playName(null)).toBe('');
    expect(playName(' Ann ')).toBe('Ann');
  });

  it('printedName prints only the parts that pass the rule, "Guest Player" when none does', () => {
    expect(printedName('Ann', 'Lee')).toBe('Ann Lee');
    expect(printedName('www.evil.example', 'Call 5550100')).toBe('Guest Player');
    expect(printedName('Ann', 'www.evil.example/win')).toBe('Ann');
    expect(printedName(null, undefined)).toBe('Guest Player');
    expect(printedName('محمد', 'العربي')).toBe('محمد العربي');
  });
});
