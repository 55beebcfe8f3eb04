// The core fetch handler: mounts the route tables on a Web-standard router and runs each request
// through auth, rate limits, validation, the handler (in a transaction) and the one error envelope.
import { Hono, type Handler } from 'hono';
import { getQueryParam } from 'hono/utils/url';
import type { RouterRoute } from 'hono/types';
import type { Clock } from '../clock/clock.js';
import type { Storage } from '../storage/storage.js';
import { authenticate, authorize, type AuthDeps, type Authenticated, type KeyForAuth } from './auth.js';
import { isPending, type Settled } from '../storage/settled.js';
import { bearerChallenge } from './bearer-challenge.js';
import { EmulatorError, errorResponse, notFound } from './errors.js';
import { jsonResponse, jsonTextResponse } from './json-response.js';
import { isResponse } from './light-response.js';
import { answerKey, type AnswerCache, type AnswerKeyParts } from './answer-cache.js';
import { directRoutes, type RouteTarget } from './direct-routes.js';
import { memoRouter } from './memo-router.js';
import { sharedRouter } from './shared-router.js';
import { isPreflight, preflight, withCors } from './cors.js';
import { controlOriginRefusal, hostRefusal, isControlPath, isTrustedOrigin, type HostGuard } from './origin-policy.js';
import { DAY_MS, MINUTE_MS, RateLimiter, monthWindow, quotaExceededError, rateLimitHeaders, rateLimitedError, tighter, type RateDecision } from './rate-limiter.js';
import { REQUEST_ID_HEADER, clientRequestId, seededRequestId, stampEnvelope, withHeader } from './request-id.js';
import type { Principal, RateFeature, RouteDef } from './route.js';
import { bodyTooLarge, discardBody, parseParams, parseWith, readJsonBody } from './validation.js';

export interface CoreDeps extends AuthDeps {
  clock: Clock;
  storage: Storage;
  rateLimiter: RateLimiter;
  /** Requests per minute per key for a feature, or undefined for no limit. */
  featureLimit(feature: RateFeature): number | undefined;
  /** Called with every unexpected error before it becomes a 500. */
  onInternalError?(err: unknown): void;
  /** The next seeded request id, for requests that arrive without one in `RequestInfo`. */
  nextRequestId?(): string;
  /** Origins trusted like loopback ones (`allowedOrigins`, `serve --allow-origin`), normalized. */
  allowedOrigins?: readonly string[];
  /** Where cacheable routes keep their serialised answers (the world's, emptied on every write). */
  answers?: AnswerCache;
}

/** Per-request facts the adapters may pass in, beside the Request itself. */
export interface RequestInfo {
  clientIp?: string;
  /** The seeded id the emulator gave this request (a client's own well-formed x-request-id wins). */
  requestId?: string;
  /** Given by the HTTP door when bound to loopback (or told hosts): which Host names it answers. */
  hostGuard?: HostGuard;
}

/** Facts about a handled request, read by the journal. */
export interface RequestOutcome {
  keyId: string | null;
  /** The presented key's allowedOrigins: pages there get credentialed CORS answers. */
  keyOrigins?: readonly string[];
}

type Env = { Bindings: { info: RequestInfo; outcome: RequestOutcome; requestId: string } };

function clientIp(request: Request, info: RequestInfo): string {
  const forwarded = request.headers.get('x-forwarded-for');
  return forwarded?.split(',')[0]?.trim() || info.clientIp || '127.0.0.1';
}

/** A key's rate-limit bucket names, made once per key object (auth hands back the same object while it remembers the key). */
interface KeyBuckets {
  id: string;
  workspaceId: string;
  minute: string;
  day: string;
  month: string;
  features: Map<RateFeature, string>;
}

// Text derived from a key object only (no state: the counters stay in each world's RateLimiter).
const bucketsByKey = new WeakMap<KeyForAuth, KeyBuckets>();

function bucketsOf(key: KeyForAuth): KeyBuckets {
  let buckets = bucketsByKey.get(key);
  if (buckets === undefined || buckets.id !== key.id || buckets.workspaceId !== key.workspaceId) {
    buckets = { id: key.id, workspaceId: key.workspaceId, minute: `key:${key.id}`, day: `key:${key.id}:day`, month: `workspace:${key.workspaceId}:month`, features: new Map() };
    bucketsByKey.set(key, buckets);
  }
  return buckets;
}

function featureBucket(buckets: KeyBuckets, feature: RateFeature): string {
  let bucket = buckets.features.get(feature);
  if (bucket === undefined) {
    bucket = `${buckets.minute}:${feature}`;
    buckets.features.set(feature, bucket);
  }
  return bucket;
}

/**
 * The key's own limits first; a call they let through then counts against its workspace's
 * monthly allowance (`maxMonthlyApiCalls`), so refused calls never use the allowance up.
 */
function checkRateLimits(deps: CoreDeps, key: KeyForAuth, feature: RateFeature | undefined): RateDecision | undefined {
  const now = deps.clock.now();
  const buckets = bucketsOf(key);
  // The decision shown, folded as each limit is counted (the same one `tightest` picks of them all).
  let shown: RateDecision | undefined;
  if (key.rateLimit !== undefined) shown = deps.rateLimiter.hit(buckets.minute, key.rateLimit, MINUTE_MS, now);
  if (key.rateLimitPerDay !== undefined) shown = tighter(shown, deps.rateLimiter.hit(buckets.day, key.rateLimitPerDay, DAY_MS, now));
  const featureLimit = feature ? deps.featureLimit(feature) : undefined;
  if (feature && featureLimit !== undefined) {
    shown = tighter(shown, deps.rateLimiter.hit(featureBucket(buckets, feature), featureLimit, MINUTE_MS, now));
  }
  if (shown && !shown.allowed) throw rateLimitedError(shown, now);
  // The monthly allowance shows in the headers only when it refuses: RateLimit-* stay per key.
  const monthly = key.monthlyCallLimit;
  if (monthly !== undefined) {
    const [start, end] = monthWindow(now);
    const decision = deps.rateLimiter.hitWindow(buckets.month, monthly, start, end);
    if (!decision.allowed) {
      // A quota, not a rate window: the SDK tells the two 429s apart by code (QuotaExceededError).
      throw quotaExceededError(decision, now, 'Monthly API call limit reached for this workspace (maxMonthlyApiCalls)', 'monthly_quota_exceeded');
    }
  }
  return shown;
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const name in headers) response.headers.set(name, headers[name] as string);
  return response;
}

/**
 * One route's answer. `pathParams` are decoded once (auth and validation read the same ones);
 * `query` reads the query string only for a route that has a schema for it. A remembered key and
 * a cached answer are answered at once, without a promise (the common cached read); anything that
 * waits (a key lookup, the handler) answers a promise.
 */
function handle(route: RouteDef, routeId: string, request: Request, env: Env['Bindings'], pathParams: Record<string, string>, query: () => Record<string, string>, deps: CoreDeps): Response | Promise<Response> {
  try {
    const authed = authenticate(route.auth, request, pathParams, deps);
    if (isPending(authed)) {
      return authed.then(
        (found) => afterAuth(found, route, routeId, request, env, pathParams, query, deps),
        (err: unknown) => failure(err, NO_HEADERS, route, request, env.requestId, deps),
      );
    }
    return afterAuth(authed, route, routeId, request, env, pathParams, query, deps);
  } catch (err) {
    return failure(err, NO_HEADERS, route, request, env.requestId, deps);
  }
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

function afterAuth(authed: Authenticated, route: RouteDef, routeId: string, request: Request, env: Env['Bindings'], pathParams: Record<string, string>, query: () => Record<string, string>, deps: CoreDeps): Response | Promise<Response> {
  let headers = NO_HEADERS;
  try {
    const { principal, key, refusal } = authed;
    if (key) env.outcome.keyId = key.id;
    if (key?.allowedOrigins) env.outcome.keyOrigins = key.allowedOrigins;
    // A valid key where only a user token will do: known, so journaled, but refused.
    if (refusal) throw refusal;
    if (key) {
      const feature = route.auth.kind === 'apiKey' || route.auth.kind === 'workspace' || route.auth.kind === 'endUser' ? route.auth.feature : undefined;
      const decision = checkRateLimits(deps, key, feature);
      if (decision) headers = rateLimitHeaders(decision, deps.clock.now());
    }
    authorize(route.auth, principal);
    // Same caller, URL, rows and instant (any instant for a timeless one): the same bytes, without the handler (answer-cache.ts).
    const cache = route.cacheable && route.method === 'GET' ? deps.answers : undefined;
    const cacheKey = cache ? answerKey(routeId, request, principal, route.cacheable === 'timeless' ? undefined : deps.clock.now()) : undefined;
    const hit = cacheKey && cache?.get(cacheKey);
    if (hit) return withHeaders(jsonTextResponse(hit.bodyText, hit.status, hit), headers);
    const shown = headers;
    return computed(route, request, env, principal, pathParams, query, deps, cache, cacheKey, headers).catch((err: unknown) => failure(err, shown, route, request, env.requestId, deps));
  } catch (err) {
    return failure(err, headers, route, request, env.requestId, deps);
  }
}

/** The handler's answer (validation, the handler in a transaction, its JSON), kept when cacheable. */
async function computed(route: RouteDef, request: Request, env: Env['Bindings'], principal: Principal, pathParams: Record<string, string>, query: () => Record<string, string>, deps: CoreDeps, cache: AnswerCache | undefined, cacheKey: AnswerKeyParts | undefined, headers: Record<string, string>): Promise<Response> {
  const { requestId } = env;
  const version = cache?.version ?? 0;
  const params = route.params ? parseParams(route.params, pathParams) : undefined;
  const parsedQuery = route.query ? parseWith(route.query, query(), 'query') : undefined;
  const body = route.body ? parsedBody(route, route.body, await readJsonBody(request, route.bodyOptional)) : undefined;
  // The handler's own answer, a promise or (a write SQLite ran at once) a value, which the
  // transaction then commits at once. A synchronous throw becomes a rejection all the same: every
  // driver's transaction turns one from its function into one, and so does this async function.
  const run = () => route.handler({ body, query: parsedQuery, params, principal, request, clientIp: clientIp(request, env.info), requestId });
  const atomic = route.method !== 'GET' && route.transactional !== false;
  const result = atomic ? await deps.storage.transaction(run) : await run();
  // An envelope a handler answered itself gets its request id here.
  if (isResponse(result)) return withHeaders(await stampEnvelope(result, requestId), headers);
  const status = route.status ?? 200;
  const bodyText = JSON.stringify(result);
  if (cacheKey) cache?.set(cacheKey, version, { status, bodyText });
  return withHeaders(jsonTextResponse(bodyText, status), headers);
}

/** The route's quick check of its body's common shape first, when it has one; the schema for anything it leaves. */
function parsedBody(route: RouteDef, schema: NonNullable<RouteDef['body']>, value: unknown): unknown {
  const quick = route.quickBody?.(value);
  return quick !== undefined ? quick : parseWith(schema, value, 'body');
}

/** The error envelope for a refused or failed request, with the rate headers already decided. */
function failure(err: unknown, headers: Record<string, string>, route: RouteDef, request: Request, requestId: string, deps: CoreDeps): Response {
  if (!(err instanceof EmulatorError)) deps.onInternalError?.(err);
  const response = errorResponse(err, requestId);
  for (const name in headers) if (!response.headers.has(name)) response.headers.set(name, headers[name] as string);
  const challenge = response.status === 401 ? bearerChallenge(route.auth, request) : undefined;
  if (challenge && !response.headers.has('www-authenticate')) response.headers.set('www-authenticate', challenge);
  return response;
}

/** A request's answer and what the journal reads of it. */
export interface Answered {
  response: Response;
  outcome: RequestOutcome;
}

export interface CoreHandler {
  fetch(request: Request, info?: RequestInfo): Promise<Answered>;
  /** `fetch`, but an answer ready at once (a cached read with a remembered key) comes without a promise. */
  respond(request: Request, info?: RequestInfo): Settled<Answered>;
}

export function createCoreHandler(routes: RouteDef[], given: CoreDeps): CoreHandler {
  const { answers, clock } = given;
  const deps: CoreDeps = answers ? { ...given, keys: answers.keyLookup(given.keys, () => clock.now()) } : given;
  const router = sharedRouter<[Handler, RouterRoute]>();
  const app = new Hono<Env>({ router: memoRouter(router) });
  const targets = new Map<Handler, RouteTarget>();
  for (const route of routes) {
    // The route's name in answer-cache keys, made once here rather than on every request.
    const routeId = `${route.method} ${route.path}`;
    const handler: Handler<Env> = (c) => handle(route, routeId, c.req.raw, c.env, c.req.param(), () => c.req.query(), deps);
    targets.set(handler as Handler, { route, routeId });
    // Straight into the router, as Hono's `app.on` adds it (Hono only ever reads its router): ~2 ms less per world.
    router.add(route.method, route.path, [handler as Handler, { basePath: '/', path: route.path, method: route.method, handler: handler as Handler }]);
  }
  // The route table now, while the world is made; each first segment's trie at its first request (shared-router.ts).
  router.seal();
  const direct = directRoutes(router, targets);
  app.notFound((c) => errorResponse(notFound(`Route ${c.req.method} ${new URL(c.req.url).pathname}`), c.env.requestId));
  app.onError((err, c) => {
    deps.onInternalError?.(err);
    return errorResponse(err, c.env.requestId);
  });
  // Without a world to count requests (a bare core in unit tests), ids still follow a sequence.
  let unseeded = 0;
  const allowed = new Set(deps.allowedOrigins ?? []);
  const respond = (request: Request, info: RequestInfo = {}): Settled<Answered> => {
    const outcome: RequestOutcome = { keyId: null };
    const requestId = clientRequestId(request) ?? info.requestId ?? deps.nextRequestId?.() ?? seededRequestId(0, ++unseeded);
    // A foreign Host (DNS rebinding) or a foreign page on the control API: refused before anything runs.
    const refusal = hostRefusal(request, info.hostGuard) ?? controlOriginRefusal(request, allowed);
    if (refusal) return { response: withHeader(errorResponse(refusal, requestId), REQUEST_ID_HEADER, requestId), outcome };
    const origin = request.headers.get('origin');
    const trusted = origin !== null && isTrustedOrigin(origin, request, allowed);
    if (isPreflight(request)) return preflightAnswer(request, origin as string, trusted, requestId, outcome);
    // Past the transport limit: refused before routing, unread (the HTTP door closes the connection).
    const refused = bodyTooLarge(request);
    if (refused) return { response: withHeader(withCors(request, errorResponse(refused, requestId), trusted), REQUEST_ID_HEADER, requestId), outcome };
    const env = { info, outcome, requestId };
    // A path that names one route goes straight to it; anything else (HEAD, no route) through Hono.
    const found = request.method === 'HEAD' ? undefined : direct(request.method, app.getPath(request, { env }));
    const answered = found
      ? handle(found.route, found.routeId, request, env, found.params, () => getQueryParam(request.url) as Record<string, string>, deps)
      : app.fetch(request, env);
    const finish = (routed: Response): Settled<Answered> => {
      const response = withCors(request, routed, trusted || (origin !== null && outcome.keyOrigins?.includes(origin) === true));
      const answer = { response: withHeader(response, REQUEST_ID_HEADER, requestId), outcome };
      // A body the route refused (or ignored) unread is read to its end first: keep-alive stays usable.
      const discarding = discardBody(request);
      return discarding ? discarding.then(() => answer) : answer;
    };
    return isPending(answered) ? answered.then(finish) : finish(answered);
  };
  /** A preflight carries no key: credentials for an origin some active key allows. */
  const preflightAnswer = async (request: Request, origin: string, trusted: boolean, requestId: string, outcome: RequestOutcome): Promise<Answered> => {
    const keyOrigin = !trusted && !isControlPath(new URL(request.url).pathname) && (await deps.keys.allowsOrigin?.(origin)) === true;
    return { response: withHeader(preflight(request, trusted || keyOrigin), REQUEST_ID_HEADER, requestId), outcome };
  };
  return {
    respond,
    async fetch(request, info) {
      return respond(request, info);
    },
  };
}
