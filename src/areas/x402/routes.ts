// The reads behind the server SDK's x402 helpers (https://sdk.divinci.ai/server/x402/: getPricing,
// getToolPrice(name), getPaymentHistory({limit}), getPayment(txHash), getWalletBalance). Their
// paths are not documented: the emulator defines them under /api/v1/x402, over the payment log
// the chat sends write.
import { notFound } from '../../core/errors.js';
import { defineRoute, workspaceOf, type RouteDef } from '../../core/route.js';
import { priceOf, requirementsOf, toMicro, type PaymentConfig } from '../chat/public.js';
import type { ReleaseRecord, ReleaseStore } from '../releases/public.js';
import { paginate } from '../workspaces/public.js';
import { MICRO_PER_USD, NETWORKS, type NetworkName } from './networks.js';
import { PaymentListQuerySchema, PaymentParamsSchema, PaymentListSchema, ToolParamsSchema } from './schema.js';
import { X402PaymentRecordSchema, X402PriceSchema, X402PricingSchema, X402WalletSchema } from '../../types/x402.js';
import { paymentOut, type PaymentLedger } from './store.js';

export const X402_TAG = 'x402';
const SDK_DOC = 'https://sdk.divinci.ai/server/x402/';
/** Payment records are billing reads: the analytics scope (an empty permission list has it too). */
const AUTH = { kind: 'workspace', level: 'read', permission: 'analytics:read' } as const;
/** The path a paid chat send is priced at. */
const MESSAGE_RESOURCE = '/api/v1/chat/threads/{threadId}/messages';

export interface X402RouteDeps {
  payments: PaymentLedger;
  releases: ReleaseStore;
}

function priceEntry(release: ReleaseRecord, price: PaymentConfig, kind: 'message' | 'tool', name?: string) {
  const amountUsd = kind === 'tool' && name !== undefined ? (price.tools?.[name] ?? price.amountUsd) : price.amountUsd;
  const resource = kind === 'tool' ? `tool:${name}` : MESSAGE_RESOURCE;
  const req = requirementsOf(price, resource, toMicro(amountUsd));
  return {
    _id: kind === 'tool' ? `${release.id}:tool:${name}` : release.id,
    kind,
    ...(name !== undefined && { name }),
    releaseId: release.id,
    resource,
    scheme: req.scheme,
    network: req.network,
    chainId: NETWORKS[req.network].chainId,
    asset: req.asset,
    payTo: req.payTo,
    amountUsd,
    amountMicro: toMicro(amountUsd),
    maxAmountRequired: req.maxAmountRequired,
  };
}

/** The workspace's paid, published releases with their prices. */
async function pricedReleases(releases: ReleaseStore, workspaceId: string) {
  const active = await releases.list(workspaceId, 'active');
  return active.flatMap((release) => {
    const price = priceOf(release.config);
    return price ? [{ release, price }] : [];
  });
}

export function x402Routes(deps: X402RouteDeps): RouteDef[] {
  const { payments, releases } = deps;
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/x402/pricing',
      tag: X402_TAG,
      summary: 'Prices of the workspace’s paid releases (per message) and their priced tools, in USDC on base / base-sepolia (getPricing)',
      auth: AUTH,
      emulatorDefined: true,
      realClient: SDK_DOC,
      response: X402PricingSchema,
      handler: async ({ principal }) => {
        const priced = await pricedReleases(releases, workspaceOf(principal));
        return {
          x402Version: 1,
          currency: 'USDC',
          networks: Object.values(NETWORKS).map((n) => ({ network: n.network, chainId: n.chainId, asset: n.usdc })),
          data: priced.flatMap(({ release, price }) => [
            priceEntry(release, price, 'message'),
            ...Object.keys(price.tools ?? {}).map((name) => priceEntry(release, price, 'tool', name)),
          ]),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/x402/pricing/tools/:toolName',
      tag: X402_TAG,
      summary: 'The price of one tool (getToolPrice): the first paid release that prices it; 404 when none does',
      auth: AUTH,
      emulatorDefined: true,
      realClient: SDK_DOC,
      params: ToolParamsSchema,
      response: X402PriceSchema,
      handler: async ({ principal, params }) => {
        const priced = await pricedReleases(releases, workspaceOf(principal));
        const hit = priced.find(({ price }) => price.tools?.[params.toolName] !== undefined);
        if (!hit) throw notFound('Tool price');
        return priceEntry(hit.release, hit.price, 'tool', params.toolName);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/x402/payments',
      tag: X402_TAG,
      summary: 'The workspace’s accepted payments, newest first (getPaymentHistory; limit, cursor)',
      auth: AUTH,
      emulatorDefined: true,
      realClient: SDK_DOC,
      query: PaymentListQuerySchema,
      response: PaymentListSchema,
      handler: async ({ principal, query }) => paginate((await payments.list(workspaceOf(principal))).map(paymentOut), query),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/x402/payments/:txHash',
      tag: X402_TAG,
      summary: 'One accepted payment by its transaction hash (getPayment)',
      auth: AUTH,
      emulatorDefined: true,
      realClient: SDK_DOC,
      params: PaymentParamsSchema,
      response: X402PaymentRecordSchema,
      handler: async ({ principal, params }) => {
        const payment = await payments.get(workspaceOf(principal), params.txHash);
        if (!payment) throw notFound('Payment');
        return paymentOut(payment);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/x402/wallet',
      tag: X402_TAG,
      summary: 'What the workspace’s payees received through x402, per network (getWalletBalance)',
      auth: AUTH,
      emulatorDefined: true,
      realClient: SDK_DOC,
      response: X402WalletSchema,
      handler: async ({ principal }) => {
        const workspaceId = workspaceOf(principal);
        const all = await payments.list(workspaceId);
        const balances = (Object.keys(NETWORKS) as NetworkName[]).map((network) => {
          const mine = all.filter((p) => p.network === network);
          const micro = mine.reduce((n, p) => n + p.amountMicro, 0);
          return {
            network,
            chainId: NETWORKS[network].chainId,
            asset: NETWORKS[network].usdc,
            addresses: [...new Set(mine.map((p) => p.payTo))].sort(),
            balanceMicro: micro,
            balanceUsd: micro / MICRO_PER_USD,
            payments: mine.length,
          };
        });
        const total = balances.reduce((n, b) => n + b.balanceMicro, 0);
        return { _id: workspaceId, workspaceId, currency: 'USDC', balanceMicro: total, balanceUsd: total / MICRO_PER_USD, payments: all.length, balances };
      },
    }),
  ];
}
