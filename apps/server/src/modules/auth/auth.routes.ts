import {
  dataOf,
  forgotPasswordInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  setPasswordInputSchema,
  statusMessageSchema,
  updatePasswordInputSchema,
  userSchema,
  pathIdSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { access } from '../../platform/auth/access';
import { actorOf, adoptSession, clientOf, requireUser, XSRF_COOKIE } from '../../platform/http/kernel';
import { toUserResource } from '../users/users.mapper';
import type { AuthService } from './auth.service';

const noContent = { 204: z.null().describe('No content') };
const tags = ['Authentication'];

/** Sanctum- and Breeze-style session endpoints (API-CONTRACT.md §1). */
export function authRoutes(ctx: AppContext, auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sanctum/csrf-cookie',
      {
        config: { access: access.public },
        schema: { tags, summary: 'Start a session and set the XSRF-TOKEN cookie', response: noContent },
      },
      async (request, reply) => {
        request.session ??= await ctx.sessions.start(clientOf(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/login',
      {
        config: { access: access.public },
        schema: { tags, summary: 'Sign in', body: loginInputSchema, response: noContent },
      },
      async (request, reply) => {
        // Laravel's guest middleware: a signed-in user is sent home.
        if (request.user) return reply.redirect(auth.homePath(request.user), 302);
        adoptSession(request, await auth.login(request.body, clientOf(request), request.session));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/logout',
      {
        config: { access: access.authenticated },
        schema: { tags, summary: 'Sign out', response: noContent },
      },
      async (request, reply) => {
        adoptSession(request, { session: await auth.logout(request.session, clientOf(request)), user: null });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/logout',
      {
        config: { access: access.public },
        schema: { tags, summary: 'End the session and go to the login page' },
      },
      async (request, reply) => {
        if (request.session) await ctx.sessions.destroy(request.session);
        request.session = null;
        reply.clearCookie(ctx.config.SESSION_COOKIE, { path: '/' }).clearCookie(XSRF_COOKIE, { path: '/' });
        return reply.redirect('/login', 302);
      },
    );

    app.post(
      '/register',
      {
        config: { access: access.public },
        schema: { tags, summary: 'Register as an investor', body: registerInputSchema, response: noContent },
      },
      async (request, reply) => {
        if (request.user) return reply.redirect(auth.homePath(request.user), 302);
        adoptSession(
          request,
          await auth.register(request.body, clientOf(request), request.session, actorOf(request)),
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/email/verify/:id/:hash',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Open the signed link of a verification email',
          params: z.object({ id: pathIdSchema, hash: z.string() }),
          querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const { outcome, user } = await auth.verifyEmail(
          request.params.id,
          request.params.hash,
          request.url,
          actorOf(request),
        );
        if (outcome !== 'valid' || !user) return reply.redirect(`/verify-email?status=${outcome}`, 302);
        const signedIn = request.user?.id === user.id;
        return reply.redirect(signedIn ? `${auth.homePath(user)}?verified=1` : '/login?verified=1', 302);
      },
    );

    app.post(
      '/email/resend',
      {
        config: { access: access.authenticated },
        schema: {
          tags,
          summary: 'Send the verification email again',
          response: { 200: statusMessageSchema },
        },
      },
      async (request) => ({ status: await auth.resendVerification(requireUser(request)) }),
    );

    app.post(
      '/password/email',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Email a password reset link',
          body: forgotPasswordInputSchema,
          response: { 200: statusMessageSchema },
        },
      },
      async (request) => ({ status: await auth.sendResetLink(request.body.email, clientOf(request)) }),
    );

    app.post(
      '/password/reset',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Choose a new password with a reset token',
          body: resetPasswordInputSchema,
          response: { 200: statusMessageSchema },
        },
      },
      async (request) => ({ status: await auth.resetPassword(request.body, actorOf(request)) }),
    );

    app.post(
      '/api/auth/update-password',
      {
        config: { access: access.authenticated },
        schema: {
          tags,
          summary: 'Change the signed-in user’s password (ends their other sessions)',
          body: updatePasswordInputSchema,
          response: { 200: statusMessageSchema },
        },
      },
      async (request) => ({
        status: await auth.updatePassword(
          requireUser(request),
          request.session,
          request.body,
          actorOf(request),
        ),
      }),
    );

    app.post(
      '/api/auth/set-password',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'An invited user sets their first password and is signed in',
          body: setPasswordInputSchema,
          response: { 200: dataOf(userSchema) },
        },
      },
      async (request) => {
        const signedIn = await auth.setPassword(
          request.body,
          clientOf(request),
          request.session,
          actorOf(request),
        );
        adoptSession(request, signedIn);
        return { data: toUserResource(signedIn.user) };
      },
    );
  };
}
