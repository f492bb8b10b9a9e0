import {
  MEDICAL_MSG,
  medicalDocSchema,
  parseRequest,
  QUESTIONNAIRE_MSG,
  questionnaireDocSchema,
  success,
} from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { sentId } from '../../../lib/push';
import { route } from '../../../lib/route';
import {
  type FormKind,
  type FormOutcome,
  formRefusal,
  formRejection,
  saveMedical,
  saveQuestionnaire,
} from '../../../services/player-forms';

/** A refusal of the push: the document's id as sent and why (nothing else is echoed). */
interface Refusal {
  id: string;
  rejected: true;
  reason: string;
}

/**
 * The player's forms after play (spec §3, §4; API.md): the questionnaire and the medical form,
 * online and pushed from a device. Both ways go through one service, so the rules are one.
 */
export default async function playerFormRoutes(app: FastifyInstance) {
  const { db } = app;

  /** Throws the direct endpoint's refusal of an outcome that is not a success. */
  const orRefuse = (kind: FormKind, outcome: FormOutcome) => {
    const refusal = formRefusal(kind, outcome);
    if (refusal) throw refusal;
  };

  route(app, 'saveQuestionnaireResult', async (req) => {
    const body = req.body;
    const outcome = await saveQuestionnaire(db, {
      docId: null,
      testResultId: body.TestResultId,
      answers: body.QuestionnaireListDetails.map((r) => ({ question: r.Question, answer: r.Answer })),
    });
    orRefuse('questionnaire', outcome);
    return success(null, QUESTIONNAIRE_MSG.saved);
  });

  route(app, 'saveUserMedicalInformation', async (req) => {
    const { TestResultId, OrganizationId, ...form } = req.body;
    const outcome = await saveMedical(db, {
      docId: null,
      testResultId: TestResultId,
      form,
      organizationId: OrganizationId,
    });
    orRefuse('medical', outcome);
    return success(null, MEDICAL_MSG.saved);
  });

  /**
   * Questionnaires answered offline (API.md "Sync"): each document checked on its own and stored
   * exactly once by its id; the reply lists the refusals only.
   */
  route(app, 'pushQuestionnaires', async (req) => {
    const refusals: Refusal[] = [];
    for (const { newDocumentState: doc } of req.body) {
      const parsed = parseRequest(questionnaireDocSchema, doc);
      const reason = parsed.ok
        ? formRejection(
            'questionnaire',
            await saveQuestionnaire(db, {
              docId: parsed.data.id,
              testResultId: parsed.data.testResultId,
              answers: parsed.data.answers,
            }),
          )
        : parsed.message;
      if (reason !== null) refusals.push({ id: sentId(doc), rejected: true, reason });
    }
    return success(refusals);
  });

  /** Medical forms made offline: as the questionnaires. */
  route(app, 'pushMedical', async (req) => {
    const refusals: Refusal[] = [];
    for (const { newDocumentState: doc } of req.body) {
      const parsed = parseRequest(medicalDocSchema, doc);
      let reason: string | null;
      if (parsed.ok) {
        const { Id, TestResultId, OrganizationId, ...form } = parsed.data;
        const outcome = await saveMedical(db, {
          docId: Id,
          testResultId: TestResultId,
          form,
          organizationId: OrganizationId,
        });
        reason = formRejection('medical', outcome);
      } else reason = parsed.message;
      if (reason !== null) refusals.push({ id: sentId(doc), rejected: true, reason });
    }
    return success(refusals);
  });
}
