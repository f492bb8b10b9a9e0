import { MEDICAL_MSG, QUESTIONNAIRE_MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { markOf } from '../../../services/devices';
import {
  type FormKind,
  type FormOutcome,
  formRefusal,
  saveMedical,
  saveQuestionnaire,
} from '../../../services/player-forms';

/**
 * The player's forms after play (spec §3, §4; API.md): the questionnaire and the medical form,
 * online (the push from a device is under sync). Both ways go through one service, so the rules are one.
 */
export default async function playerFormsRoutes(app: FastifyInstance) {
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
      writeKey: body.WriteKey,
      answers: body.QuestionnaireListDetails.map((r) => ({ question: r.Question, answer: r.Answer })),
      mark: markOf({ deviceId: body.DeviceId, seq: body.Seq }),
    });
    orRefuse('questionnaire', outcome);
    app.metrics.formsStored.inc({ kind: 'questionnaire' });
    return success(null, QUESTIONNAIRE_MSG.saved);
  });

  route(app, 'saveUserMedicalInformation', async (req) => {
    const { TestResultId, OrganizationId, WriteKey, DeviceId, Seq, ...form } = req.body;
    const outcome = await saveMedical(db, {
      docId: null,
      testResultId: TestResultId,
      writeKey: WriteKey,
      form,
      organizationId: OrganizationId,
      mark: markOf({ deviceId: DeviceId, seq: Seq }),
    });
    orRefuse('medical', outcome);
    app.metrics.formsStored.inc({ kind: 'medical' });
    return success(null, MEDICAL_MSG.saved);
  });
}
