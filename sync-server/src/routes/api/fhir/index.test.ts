import { RESULTS_MSG } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectReply } from '../../../test/catalogue';
import { fhirErrors, issueText, PLACE_STRINGS, playWithForms } from '../../../test/fhir';
import { bearer, createOrganization, createUser, signIn, useFixtures, useTestApp } from '../../../test/helpers';
import { DEMO_ENV, liveKit } from '../../../test/play';

type Resource = Record<string, unknown> & { resourceType: string; id: string };

/** API.md "Webhooks and FHIR": the staff's NDJSON export and the public Questionnaires. */
describe('FHIR routes', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  const f = useFixtures(t);
  const tokens = { admin: '', open: '', quiet: '', user: '' };
  let openId = '';
  let quietId = '';

  beforeAll(async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    // The fixture organization discloses names; the quiet one does not.
    const quiet = await createOrganization(t.app, { name: 'Quiet Clinic', discloseUserDetails: false });
    const quietAdmin = await createUser(t.app, { roleName: 'Client Admin', organizationId: quiet });
    openId = await playWithForms(t.app, kit, f.organizationId, { FirstName: 'Dana', LastName: 'Nosewell' }, 5);
    quietId = await playWithForms(t.app, kit, quiet, { FirstName: 'Quinn', LastName: 'Hiddenby' }, 2);
    [tokens.admin, tokens.open, tokens.quiet, tokens.user] = await Promise.all([
      signIn(t.app, f.admin.email, f.admin.password),
      signIn(t.app, f.clientAdmin.email, f.clientAdmin.password),
      signIn(t.app, quietAdmin.email, quietAdmin.password),
      signIn(t.app, f.user.email, f.user.password),
    ]);
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
  /** The export's resources, each checked by the validator. */
  async function exported(type: string, token: string, range = ''): Promise<Resource[]> {
    const res = await get(`/api/Fhir/Export?Type=${type}${range}`, token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+ndjson');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="results-\\d{8}T\\d{6}Z-${type}\\.ndjson"$`),
    );
    const lines = res.body.split('\n');
    expect(lines.pop()).toBe('');
    const resources = lines.map((line) => JSON.parse(line) as Resource);
    for (const r of resources) {
      expect(r.resourceType).toBe(type);
      expect(fhirErrors(r).map(issueText), `${type} ${r.id}`).toEqual([]);
    }
    return resources;
  }
  const resultIdOf = (obs: Resource) => (obs.identifier as { value: string }[])[0].value;

  it("an Admin exports every organization's results, one valid resource a line, references relative", async () => {
    const observations = await exported('Observation', tokens.admin);
    expect(observations.map(resultIdOf).sort()).toEqual([openId, quietId].sort());
    const responses = await exported('QuestionnaireResponse', tokens.admin);
    expect(responses).toHaveLength(4);
    expect(responses.map((r) => (r.partOf as { reference: string }[])[0].reference).sort()).toEqual(
      [openId, openId, quietId, quietId].map((id) => `Observation/${id}`).sort(),
    );
    // Names only where the result's organization discloses them, whoever exports.
    const patients = await exported('Patient', tokens.admin);
    expect(patients.map((p) => p.name)).toEqual([[{ family: 'Nosewell', given: ['Dana'] }]]);
    const open = observations.find((o) => resultIdOf(o) === openId);
    expect(open?.subject).toEqual({ reference: `Patient/${patients[0].id}` });
  });

  it("a Client Admin exports only their organization's results; a non-disclosing one's NDJSON holds no names", async () => {
    expect((await exported('Observation', tokens.open)).map(resultIdOf)).toEqual([openId]);
    expect((await exported('Patient', tokens.open)).map((p) => p.name)).toEqual([
      [{ family: 'Nosewell', given: ['Dana'] }],
    ]);
    const quiet: string[] = [];
    for (const type of ['Observation', 'QuestionnaireResponse', 'Patient']) {
      const resources = await exported(type, tokens.quiet);
      quiet.push(JSON.stringify(resources));
      if (type === 'Observation') expect(resources.map(resultIdOf)).toEqual([quietId]);
      if (type === 'Patient') expect(resources).toEqual([]);
    }
    const text = quiet.join('\n');
    expect(text).toContain(quietId);
    expect(text).not.toMatch(/Quinn|Hiddenby|Dana|Nosewell|"subject"/);
  });

  it('no export carries a place', async () => {
    for (const type of ['Observation', 'QuestionnaireResponse', 'Patient']) {
      const text = JSON.stringify(await exported(type, tokens.admin));
      for (const place of PLACE_STRINGS) expect(text, type).not.toContain(place);
      expect(text).not.toMatch(/"(address|location|city|state|country|latitude|longitude|position)"/i);
    }
  });

  it("is audited as ExportCsv is (action 'export', entity 'test result'), with its type, filters and rows", async () => {
    await exported('Observation', tokens.open, '&FromDate=01/01/2020');
    const row = await t.app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ entity: 'test result', entityId: null, userEmail: f.clientAdmin.email });
    expect(JSON.parse(row.detail ?? '')).toEqual({
      rows: 1,
      format: 'fhir-ndjson',
      filters: { type: 'Observation', fromDate: '01/01/2020' },
    });
  });

  it('refuses a bad or missing Type, no results, a User and no token, with the envelope', async () => {
    const bad = expectReply(
      await get('/api/Fhir/Export?Type=Condition', tokens.admin),
      400,
      'Failure',
      'Invalid resource type',
    );
    expect(bad.data).toBeNull();
    expectReply(await get('/api/Fhir/Export', tokens.admin), 400, 'Failure');
    expectReply(
      await get('/api/Fhir/Export?Type=Observation&FromDate=01/01/2001&ToDate=01/02/2001', tokens.admin),
      400,
      'Failure',
      RESULTS_MSG.noExport,
    );
    expectReply(await get('/api/Fhir/Export?Type=Observation', tokens.user), 403, 'Failure');
    expectReply(await get('/api/Fhir/Export?Type=Observation'), 401, 'Failure');
  });

  it('serves the two Questionnaires publicly as application/fhir+json, valid, at their canonical URLs', async () => {
    for (const name of ['covid-19', 'medical-history']) {
      const path = `/api/Fhir/Questionnaire/${name}`;
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/fhir+json');
      expect(res.headers['content-disposition']).toBe(`inline; filename="questionnaire-${name}.json"`);
      const q = res.json() as Resource;
      expect(fhirErrors(q).map(issueText)).toEqual([]);
      expect(q).toMatchObject({
        resourceType: 'Questionnaire',
        id: name,
        status: 'active',
        url: `${t.config.publicUrl}${path}`,
      });
    }
  });
});
