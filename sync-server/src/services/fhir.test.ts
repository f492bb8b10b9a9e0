import { randomUUID } from 'node:crypto';
import { QUESTIONNAIRE_QUESTIONS } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { fhirRecords } from '../repositories/fhir';
import { fhirErrors, issueText, PLACE_STRINGS, PLAYED_AT, playWithForms } from '../test/fhir';
import { createOrganization, useTestApp } from '../test/helpers';
import { DEMO_ENV, liveKit } from '../test/play';
import {
  COVID_LINK_IDS,
  covidQuestionnaire,
  eventBundle,
  medicalQuestionnaire,
  resourceIds,
  resourcesOf,
} from './fhir';

const PUBLIC_URL = 'https://scentry.example.org';

type Resource = Record<string, unknown>;
type Bundle = { entry?: { fullUrl: string; resource: Resource }[] } & Resource;

const expectValid = (resource: unknown, what: string) => expect(fhirErrors(resource).map(issueText), what).toEqual([]);

describe('FHIR R4 resources of a stored result', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  let disclosing = 0;
  let hiding = 0;
  let passId = '';
  let failId = '';

  beforeAll(async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    disclosing = await createOrganization(t.app, { name: 'Open Clinic' });
    hiding = await createOrganization(t.app, { name: 'Quiet Clinic', discloseUserDetails: false });
    passId = await playWithForms(t.app, kit, disclosing, { FirstName: 'Dana', LastName: 'Nosewell' }, 5);
    failId = await playWithForms(t.app, kit, hiding, { FirstName: 'Quinn', LastName: 'Hiddenby' }, 2);
  });

  const bundle = async (event: Parameters<typeof eventBundle>[2], id: string | null) =>
    (await eventBundle(t.app.db, PUBLIC_URL, event, id)) as Bundle;
  const record = async (id: string) => (await fhirRecords(t.app.db, [id]))[0];

  it('every kind made validates as FHIR R4 with 0 errors: Bundles, Observations (pass, fail), both responses, Patient, both Questionnaires', async () => {
    const kinds = new Set<string>();
    for (const id of [passId, failId]) {
      for (const event of ['result.stored', 'questionnaire.stored', 'medical.stored'] as const) {
        const b = await bundle(event, id);
        expectValid(b, `${event} Bundle`);
        kinds.add('Bundle');
        for (const { resource } of b.entry ?? []) {
          expectValid(resource, `${event} ${resource.resourceType}`);
          kinds.add(`${resource.resourceType}`);
        }
      }
      const made = resourcesOf(await record(id), PUBLIC_URL, 'relative');
      for (const resource of [made.patient, made.observation, made.covid, made.medical]) {
        if (resource) expectValid(resource, `${resource.resourceType} (export)`);
      }
    }
    expectValid(await bundle('test', null), 'test Bundle');
    for (const q of [covidQuestionnaire(PUBLIC_URL), medicalQuestionnaire(PUBLIC_URL)]) {
      expectValid(q, `Questionnaire ${q.id}`);
      kinds.add('Questionnaire');
    }
    expect([...kinds].sort()).toEqual(['Bundle', 'Observation', 'Patient', 'Questionnaire', 'QuestionnaireResponse']);
  });

  it('the validator rejects broken resources (so the check above cannot pass by loading nothing)', async () => {
    const made = resourcesOf(await record(passId), PUBLIC_URL, 'bundle');
    const { status, ...noStatus } = made.observation;
    expect(status).toBe('final');
    expect(fhirErrors(noStatus).map(issueText)).toEqual(['Observation.status: Missing required property']);
    expect(fhirErrors({ ...made.observation, effectiveDateTime: 'yesterday' }).length).toBeGreaterThan(0);
    expect(
      fhirErrors({ ...made.covid, item: [{ linkId: 'x', answer: [{ valueBoolean: 'Yes' }] }] }).length,
    ).toBeGreaterThan(0);
    // Inside a Bundle too: an entry's resource is checked.
    const b = await bundle('result.stored', passId);
    const broken = { ...b, entry: b.entry?.map((e) => ({ ...e, resource: { ...e.resource, unknownField: 1 } })) };
    expect(fhirErrors(broken).length).toBeGreaterThan(0);
  });

  it('pins the codes and systems the validator does not check', async () => {
    const b = await bundle('questionnaire.stored', passId);
    const obs = b.entry?.find((e) => e.resource.resourceType === 'Observation')?.resource as Resource;
    const scentry = `${PUBLIC_URL}/fhir/CodeSystem/scentry-result`;
    expect(obs.category).toEqual([
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'exam', display: 'Exam' },
        ],
      },
    ]);
    expect(obs.code).toEqual({
      coding: [{ system: 'http://snomed.info/sct', code: '252559003', display: 'Olfaction test' }],
      text: 'Scentry smell screening (5 cards)',
    });
    expect(obs.status).toBe('final');
    expect(obs.effectiveDateTime).toBe(PLAYED_AT);
    expect(obs.identifier).toEqual([{ system: `${PUBLIC_URL}/results`, value: passId }]);
    expect(obs.valueCodeableConcept).toEqual({
      coding: [{ system: scentry, code: 'pass', display: 'Pass' }],
      text: 'Pass',
    });
    expect(obs.interpretation).toEqual([
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
            code: 'N',
            display: 'Normal',
          },
        ],
      },
    ]);
    const components = obs.component as {
      code: { coding: { system: string; code: string }[] };
      [k: string]: unknown;
    }[];
    expect(components.map((c) => c.code.coding[0].code)).toEqual([
      'score',
      ...[1, 2, 3, 4, 5].flatMap((n) => [`card-${n}`, `card-${n}-intensity`]),
    ]);
    expect(components.every((c) => c.code.coding[0].system === scentry)).toBe(true);
    expect(components[0].valueInteger).toBe(5);
    const stored = await record(passId);
    expect(components[1].valueString).toBe(stored.answers[0].answerName);
    expect(components[1].interpretation).toEqual([
      { coding: [{ system: scentry, code: 'correct', display: 'Correct' }] },
    ]);
    expect(components[2].valueInteger).toBe(3);

    const fail = (await bundle('result.stored', failId)).entry?.[0]?.resource as Resource;
    expect(fail.valueCodeableConcept).toEqual({
      coding: [{ system: scentry, code: 'fail', display: 'Fail' }],
      text: 'Fail',
    });
    expect((fail.interpretation as { coding: { code: string }[] }[])[0].coding[0].code).toBe('A');
    const failCards = fail.component as {
      code: { coding: { code: string }[] };
      interpretation?: { coding: { code: string }[] }[];
    }[];
    expect(failCards.filter((c) => c.interpretation).map((c) => c.interpretation?.[0].coding[0].code)).toEqual([
      'correct',
      'correct',
      'incorrect',
      'incorrect',
      'incorrect',
    ]);

    const qr = b.entry?.find((e) => e.resource.resourceType === 'QuestionnaireResponse')?.resource as Resource;
    expect(qr.questionnaire).toBe(`${PUBLIC_URL}/api/Fhir/Questionnaire/covid-19`);
    expect(qr.status).toBe('completed');
    expect(qr.partOf).toEqual([{ reference: `urn:uuid:${passId}` }]);
    expect(qr.item).toEqual(
      QUESTIONNAIRE_QUESTIONS.map((text, i) => ({
        linkId: COVID_LINK_IDS[i],
        text,
        answer: [{ valueBoolean: i === 0 }],
      })),
    );
    expect(Date.parse(qr.authored as string)).not.toBeNaN();
    const medical = (await bundle('medical.stored', passId)).entry?.at(-1)?.resource as Resource;
    expect(medical.questionnaire).toBe(`${PUBLIC_URL}/api/Fhir/Questionnaire/medical-history`);
    const items = medical.item as { linkId: string; item?: { linkId: string }[] }[];
    expect(items.map((i) => i.linkId)).toEqual(['age', 'gender', 'race', 'disorders', 'family-history']);
    // The responses' linkIds are the Questionnaires' (and no other).
    const linkIds = (list: { linkId: string; item?: unknown[] }[]): string[] =>
      list.flatMap((i) => [i.linkId, ...linkIds((i.item ?? []) as { linkId: string }[])]);
    expect(linkIds(items)).toEqual(linkIds(medicalQuestionnaire(PUBLIC_URL).item as { linkId: string }[]));
    expect(linkIds(qr.item as { linkId: string }[])).toEqual(
      linkIds(covidQuestionnaire(PUBLIC_URL).item as { linkId: string }[]),
    );
    expect(covidQuestionnaire(PUBLIC_URL)).toMatchObject({
      url: `${PUBLIC_URL}/api/Fhir/Questionnaire/covid-19`,
      status: 'active',
    });
  });

  it('a Bundle per event: Patient (disclosing organization) referenced by fullUrl, stable ids, empty for a test, null when gone', async () => {
    const types = async (event: Parameters<typeof eventBundle>[2]) =>
      (await bundle(event, passId)).entry?.map((e) => e.resource.resourceType);
    expect(await types('result.stored')).toEqual(['Patient', 'Observation']);
    expect(await types('questionnaire.stored')).toEqual(['Patient', 'Observation', 'QuestionnaireResponse']);
    expect(await types('medical.stored')).toEqual(['Patient', 'Observation', 'QuestionnaireResponse']);
    const b = await bundle('medical.stored', passId);
    expect(b).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(Date.parse(b.timestamp as string)).not.toBeNaN();
    const [patient, obs, qr] = b.entry ?? [];
    expect(patient.resource).toEqual({
      resourceType: 'Patient',
      id: resourceIds(passId).patient,
      name: [{ family: 'Nosewell', given: ['Dana'] }],
    });
    for (const e of b.entry ?? []) expect(e.fullUrl).toBe(`urn:uuid:${e.resource.id}`);
    expect(obs.resource.subject).toEqual({ reference: patient.fullUrl });
    expect(qr.resource.subject).toEqual({ reference: patient.fullUrl });
    // A redelivery: the same resources under the same ids.
    const again = await bundle('medical.stored', passId);
    expect(again.entry).toEqual(b.entry);
    expect(again.id).toBe(b.id);

    expect(await bundle('test', null)).toEqual({
      resourceType: 'Bundle',
      type: 'collection',
      timestamp: expect.any(String),
    });
    expect(await eventBundle(t.app.db, PUBLIC_URL, 'result.stored', randomUUID())).toBeNull();
  });

  it("a non-disclosing organization's Bundles hold no names and no Patient; disclosure is read at each call", async () => {
    for (const event of ['result.stored', 'questionnaire.stored', 'medical.stored'] as const) {
      const b = await bundle(event, failId);
      const text = JSON.stringify(b);
      expect(text).not.toMatch(/Quinn|Hiddenby/);
      expect(text).not.toContain('"subject"');
      expect(b.entry?.map((e) => e.resource.resourceType)).not.toContain('Patient');
    }
    // The organization stops disclosing: the next attempt's body has no names.
    await t.app.db.updateTable('organizations').set({ discloseUserDetails: 0 }).where('id', '=', disclosing).execute();
    try {
      const text = JSON.stringify(await bundle('medical.stored', passId));
      expect(text).not.toMatch(/Dana|Nosewell/);
      expect(text).not.toContain('Patient');
    } finally {
      await t.app.db
        .updateTable('organizations')
        .set({ discloseUserDetails: 1 })
        .where('id', '=', disclosing)
        .execute();
    }
  });

  it('no output carries a place (country, state, city, coordinates)', async () => {
    const outputs: string[] = [];
    for (const id of [passId, failId]) {
      for (const event of ['result.stored', 'questionnaire.stored', 'medical.stored'] as const) {
        outputs.push(JSON.stringify(await bundle(event, id)));
      }
      outputs.push(JSON.stringify(resourcesOf(await record(id), PUBLIC_URL, 'relative')));
    }
    expect(outputs.join('\n')).toContain('Dana');
    for (const text of outputs) {
      for (const place of PLACE_STRINGS) expect(text).not.toContain(place);
      expect(text).not.toMatch(/"(address|location|city|state|country|latitude|longitude|position)"/i);
    }
  });
});
