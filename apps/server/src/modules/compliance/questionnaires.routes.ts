import {
  dataOf,
  QUESTIONNAIRE_FORMS,
  QUESTIONNAIRE_PATHS,
  questionnaireAnswersInputSchema,
  questionnaireFormOfPath,
  questionnaireSchema,
  type QuestionnaireForm,
  pathIdSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { notFound } from '../../platform/http/errors';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { QuestionnairesService } from './questionnaires.service';

const formPath = z
  .enum(QUESTIONNAIRE_FORMS.map((form) => QUESTIONNAIRE_PATHS[form]) as [string, ...string[]])
  .describe('registration-form, fact-find or risk-profile');
const params = z.object({ id: pathIdSchema, form: formPath });
const response = { 200: dataOf(questionnaireSchema) };

const formOf = (path: string): QuestionnaireForm => {
  const form = questionnaireFormOfPath(path);
  if (!form) throw notFound();
  return form;
};

/**
 * Registration form, fact find and risk profile (spec §2.1) of investors and contacts, and the
 * investor's own in the portal. Contacts are a record type of their own module; their existence is
 * checked through the subject registry.
 */
export function questionnairesRoutes(service: QuestionnairesService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [type, path] of [
      ['investor', 'investors'],
      ['contact', 'contacts'],
    ] as const) {
      const tags = ['Investor compliance'];
      app.get(
        `/api/${path}/:id/questionnaires/:form`,
        {
          config: { access: access.permission('investors', 'show') },
          schema: {
            tags,
            summary: `A ${type}’s registration form, fact find or risk profile: the current answers and earlier saves`,
            params,
            response,
          },
        },
        async (request) => ({
          data: await service.get(type, request.params.id, formOf(request.params.form)),
        }),
      );
      app.put(
        `/api/${path}/:id/questionnaires/:form`,
        {
          config: { access: access.permission('investors', 'update') },
          schema: {
            tags,
            summary: `Save a ${type}’s answers (a new version; the risk profile is scored by the server)`,
            params,
            body: questionnaireAnswersInputSchema,
            response,
          },
        },
        async (request) => ({
          data: await service.save(
            actorOf(request),
            type,
            request.params.id,
            formOf(request.params.form),
            request.body.answers,
          ),
        }),
      );
    }

    const ownParams = z.object({ form: formPath });
    app.get(
      '/api/profile/questionnaires/:form',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'The signed-in investor’s own registration form, fact find or risk profile',
          params: ownParams,
          response,
        },
      },
      async (request) => ({
        data: await service.get('investor', requireUser(request).id, formOf(request.params.form)),
      }),
    );
    app.put(
      '/api/profile/questionnaires/:form',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'Save the signed-in investor’s own answers',
          params: ownParams,
          body: questionnaireAnswersInputSchema,
          response,
        },
      },
      async (request) => ({
        data: await service.save(
          actorOf(request),
          'investor',
          requireUser(request).id,
          formOf(request.params.form),
          request.body.answers,
        ),
      }),
    );
  };
}
