import { ZAppInitResponse } from '@sweepstack/contracts/app/app-init';
import { playerChangeFeed } from '@sweepstack/db/player-change-feed';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPlayerGames } from '../../games/player-games';
import { readProfileSummary } from '../../kyc/profile';
import { contentCache } from '../../lib/content-cache';
import { jsonText, sendRawJson, type JsonText } from '../../lib/json-text';
import { playerRestrictionIdsHash } from '../../lib/restriction-hash';
import { SESSION_COOKIE } from '../../plugins/session';
import { channelConnection } from '../../realtime/connection-data';
import { AppInitAnswerCache } from './answer-cache';
import { appInitBuilder } from './app-init-data';
import { readPlayerState } from './player-state';

/**
 * GET /rest/app/init/: the current visitor and the feature flags (spec §3 "App init data").
 * Kept fast (bench/app-init.bench.ts, docs/app-data.md): a guest's answer is serialized once per
 * content snapshot; a player costs one joined session+player query, one query for the balance, the
 * terms to confirm, the deposit count and every feature's state row (player-state.ts) and one for the
 * games (favorites, recent); the features' site-wide rows come with the content snapshot,
 * all compiled once per handle; only the per-player fields are serialized per request. On SQLite a
 * player's answer is kept per session and served again until anything it shows changes
 * (answer-cache.ts, docs/app-data.md).
 */
const appInitRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = fastify.deps;
  const theme = deps.config.THEME;
  const cache = contentCache(deps);
  const feed = playerChangeFeed(deps.database.db);
  const answers = feed ? new AppInitAnswerCache(feed) : undefined;
  // Features with an app-init slice (features/<feature>/feature.ts) answer their own flags.
  const builder = appInitBuilder(fastify.features.appInitSlices, fastify.features.timeSlices);

  app.get(
    '/rest/app/init/',
    {
      schema: {
        tags: ['app'],
        summary: 'Current visitor (guest or player) and feature flags',
        querystring: z.strictObject({}),
        response: { 200: ZAppInitResponse },
      },
      // Both answers are sent as JSON text built from typed parts (checked against ZAppInitResponse
      // in the tests): re-validating with zod on every call would cost more than building them.
      serializerCompiler: () => (data) => JSON.stringify(data),
      // The kept answer of this session, sent from the last onRequest hook (after the site-wide
      // ones: request id, cookies, security headers, Origin check, rate limit), before validation and
      // the handler: the same bytes the handler would send, without a promise per request. Only the
      // exact path (no query string to validate), only while the content snapshot needs no check;
      // anything else goes on to the handler, which keeps and serves answers the same way.
      onRequest: (request, reply, done) => {
        if (answers === undefined || request.url !== '/rest/app/init/' || request.sessionState !== null) return done();
        const token = request.cookies[SESSION_COOKIE];
        const snapshot = token !== undefined && token.length <= 200 ? cache.fresh() : undefined;
        const kept = snapshot ? answers.get(token!, deps.clock.nowMs(), snapshot) : undefined;
        if (kept === undefined) return done();
        reply.header('cache-control', 'private, no-store');
        sendRawJson(reply, kept);
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const cookieToken = request.cookies[SESSION_COOKIE];
      const token = answers && cookieToken && cookieToken.length <= 200 ? cookieToken : undefined;
      // The mark must come before the session is read: an answer is never newer than its mark.
      const mark = token !== undefined && request.sessionState === null ? answers?.mark() : undefined;
      if (mark && token !== undefined) {
        const snapshot = await cache.get();
        const kept = answers?.get(token, deps.clock.nowMs(), snapshot);
        if (kept !== undefined) return sendRawJson(reply, kept);
      }
      const [player, snapshot] = await Promise.all([request.getPlayer(), cache.get()]);
      if (!player) {
        const text = await cache.derived<JsonText>(`app-init:guest:${theme}`, (s) =>
          jsonText({
            success: true,
            data: builder.guest(theme, playerRestrictionIdsHash({ isGuest: true, accountStatus: null, stateCode: null }, s.restrictedStateCodes), { status: s.featureStatus, states: new Map(), nowMs: deps.clock.nowMs() }),
          }),
        );
        return sendRawJson(reply, text.json);
      }
      const [{ balance, termsRequirement, depositsCount, featureStates }, games, { stateCode, profileCompleted }] = await Promise.all([
        readPlayerState(deps.database.db, player.id),
        readPlayerGames(deps.database.db, player.id),
        readProfileSummary(deps.database.db, player),
      ]);
      // The hash depends only on the account status, the profile's state and the snapshot's restricted
      // states: memoized per snapshot.
      const hashKey = `app-init:restriction-hash:${player.account_status}:${stateCode ?? ''}`;
      let restrictionIdsHash = snapshot.memo.get(hashKey) as string | undefined;
      if (restrictionIdsHash === undefined) {
        restrictionIdsHash = playerRestrictionIdsHash({ isGuest: false, accountStatus: player.account_status, stateCode }, snapshot.restrictedStateCodes);
        snapshot.memo.set(hashKey, restrictionIdsHash);
      }
      const features = { status: snapshot.featureStatus, states: featureStates, nowMs: deps.clock.nowMs() };
      const json = builder.playerJson({ theme, player, restrictionIdsHash, termsRequirement, depositsCount, balance, profileCompleted, connection: channelConnection(deps, player.id), games, features });
      const session = request.sessionState?.session;
      // `session` is the row this request's cookie named (unset when the request signed in anew).
      if (answers && mark && token !== undefined && session && player.account_status === 'ACTIVE') {
        const body = Buffer.from(json);
        answers.set(token, { playerId: player.id, mark, snapshot, nowMs: deps.clock.nowMs(), session, body });
        return sendRawJson(reply, body);
      }
      return sendRawJson(reply, json);
    },
  );
};

export default appInitRoutes;
