// x402 as the server SDK drives it (REAL-WIRE section 9, https://sdk.divinci.ai/server/x402/; the
// x402 v1 wire of https://github.com/coinbase/x402 specs/x402-specification-v1.md), replayed as raw
// fetch calls through every door on every driver: a 402 with the details, the retry signed for the
// exact amount in `X-PAYMENT`, the `X-PAYMENT-RESPONSE` settlement, every refusal a facilitator
// makes, and the pricing, history, receipt and balance reads.
import { describe, expect, it } from 'vitest';
import { X402PaymentRecordSchema, X402PricingSchema, X402SettlementSchema, X402WalletSchema } from '../../src/types/x402.js';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { decodeBase64Json, nonce, payer } from '../support/x402-payer.js';

type Json = Record<string, any>;

const KEY = `svc_${'X'.repeat(87)}`;
const OTHER = `svc_${'Y'.repeat(87)}`;
const NOW = '2026-03-01T10:00:00.000Z';
const NOW_SEC = Date.parse(NOW) / 1000;
const PAY_TO = '0x2f1c6a0b9e3d4c5b6a798877665544332211aabb';
// Two development keys (the Hardhat / Anvil mnemonic's first accounts; public test keys).
const buyer = payer('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const stranger = payer('59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

const scenario = {
  name: 'x402-wire',
  seed: 402,
  now: NOW,
  users: [{ id: 'u_owner', email: 'owner@pay.example' }],
  workspaces: [
    {
      id: 'ws_pay',
      name: 'Paid answers',
      ownerId: 'u_owner',
      apiKeys: [
        { id: 'k_server', name: 'server', secret: KEY },
        { id: 'k_analytics', name: 'analytics', secret: `svc_${'Z'.repeat(87)}`, permissions: ['analytics:read'] },
      ],
      releases: [
        {
          id: 'rel_paid',
          name: 'Premium answers',
          status: 'active',
          config: { model: 'gpt-4o', paymentRequired: { amountUsd: 0.01, network: 'base', recipient: PAY_TO, tools: { search: 0.002 } } },
        },
        { id: 'rel_free', name: 'Free', status: 'active' },
      ],
    },
    { id: 'ws_other', name: 'Other', ownerId: 'u_owner', apiKeys: [{ id: 'k_other', name: 'other', secret: OTHER }] },
  ],
};

describe.each(MATRIX)('x402 on the real wire: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario });
  // The server SDK's headers: X-API-Key, and the end user it speaks for.
  const sdk = { 'X-API-Key': KEY, 'X-External-User-Id': 'buyer-1', 'Content-Type': 'application/json' };
  const read = async (path: string, key = KEY) => {
    const res = await door.fetch(path, { headers: { 'X-API-Key': key } });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const thread = async (releaseId = 'rel_paid') => {
    const res = await door.fetch('/api/v1/chat/threads', { method: 'POST', headers: sdk, body: JSON.stringify({ releaseId }) });
    return ((await res.json()) as Json).id as string;
  };
  const send = async (threadId: string, payment?: string) => {
    const res = await door.fetch(`/api/v1/chat/threads/${threadId}/messages`, {
      method: 'POST',
      headers: { ...sdk, ...(payment !== undefined && { 'X-PAYMENT': payment }) },
      body: JSON.stringify({ content: 'What does the premium plan include?' }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
  };

  // https://sdk.divinci.ai/server/x402/: on 402 the SDK signs for the exact amount in the details and retries.
  it('answers 402 with the price, then accepts the retry signed for the exact amount, with an X-PAYMENT-RESPONSE', async () => {
    const id = await thread();
    const first = await send(id);
    expect(first.status).toBe(402);
    const details = first.body.error.details;
    expect(details).toMatchObject({ amountMicro: 10000, network: 'base', recipient: PAY_TO, asset: 'USDC' });
    expect(details.accepts[0]).toMatchObject({ scheme: 'exact', network: 'base', maxAmountRequired: '10000', payTo: PAY_TO, asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', extra: { name: 'USD Coin', version: '2' } });

    const paid = await send(id, buyer.pay(details, { nowSec: NOW_SEC, nonce: nonce(1) }));
    expect(paid.status).toBe(200);
    const header = paid.headers.get('x-payment-response');
    expect(header).toBeTruthy();
    const settlement = X402SettlementSchema.parse(decodeBase64Json(header as string));
    expect(settlement).toMatchObject({ success: true, network: 'base', payer: buyer.address });
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(paid.body.message.metadata.payment).toEqual({ amountMicro: 10000, network: 'base', payer: buyer.address, transaction: settlement.transaction, scheme: 'exact' });
    // The free release needs no payment and answers no settlement.
    const free = await send(await thread('rel_free'));
    expect(free.status).toBe(200);
    expect(free.headers.get('x-payment-response')).toBeNull();
  });

  // x402 v1 facilitator verification (coinbase/x402 specs/x402-specification-v1.md §6.1.2), on the emulator clock.
  it('refuses a wrong recipient, a wrong amount, an authorization outside its window, a forged signature and a reused nonce', async () => {
    const id = await thread();
    const details = (await send(id)).body.error.details;
    const reason = async (header: string) => {
      const res = await send(id, header);
      expect(res.status).toBe(402);
      expect(res.body.error.code).toBe('payment_required');
      return res.body.error.details.reason as string;
    };
    expect(await reason(buyer.pay({ ...details, recipient: '0x000000000000000000000000000000000000dEaD' }, { nowSec: NOW_SEC, nonce: nonce(2) }))).toBe('invalid_exact_evm_payload_recipient_mismatch');
    expect(await reason(buyer.pay({ ...details, amountMicro: 20000 }, { nowSec: NOW_SEC, nonce: nonce(3) }))).toBe('invalid_exact_evm_payload_authorization_value');
    expect(await reason(buyer.pay({ ...details, amountMicro: 9999 }, { nowSec: NOW_SEC, nonce: nonce(3) }))).toBe('invalid_exact_evm_payload_authorization_value');
    expect(await reason(buyer.pay(details, { nowSec: NOW_SEC - 3600, nonce: nonce(4) }))).toBe('invalid_exact_evm_payload_authorization_valid_before');
    expect(await reason(buyer.pay(details, { nowSec: NOW_SEC + 3600, nonce: nonce(5) }))).toBe('invalid_exact_evm_payload_authorization_valid_after');
    expect(await reason(stranger.pay(details, { nowSec: NOW_SEC, nonce: nonce(6), override: { from: buyer.address } }))).toBe('invalid_exact_evm_payload_signature');
    expect(await reason(buyer.pay({ ...details, network: 'base-sepolia' }, { nowSec: NOW_SEC, nonce: nonce(7) }))).toBe('invalid_network');
    expect(await reason(btoa(JSON.stringify({ x402Version: 2, scheme: 'exact', network: 'base', payload: {} })))).toBe('invalid_x402_version');
    expect(await reason('not base64 json')).toBe('invalid_payload');

    const header = buyer.pay(details, { nowSec: NOW_SEC, nonce: nonce(8) });
    expect((await send(id, header)).status).toBe(200);
    expect(await reason(header)).toBe('invalid_exact_evm_payload_authorization_nonce_used');
    // The clock moves past validBefore: the same kind of authorization made earlier now fails.
    const later = buyer.pay(details, { nowSec: NOW_SEC, nonce: nonce(9) });
    await door.emulator.clock.advance(301_000);
    expect(await reason(later)).toBe('invalid_exact_evm_payload_authorization_valid_before');
    // Nothing refused reached the log.
    expect((await read('/api/v1/x402/payments')).body.total).toBe(1);
  });

  // https://sdk.divinci.ai/server/x402/: getPaymentHistory({limit}), getPayment(txHash), getWalletBalance, getPricing, getToolPrice(name).
  it('serves the payment history, one receipt, the balance, the pricing and a tool price', async () => {
    const id = await thread();
    const details = (await send(id)).body.error.details;
    const tx: string[] = [];
    for (const n of [11, 12, 13]) {
      const res = await send(id, buyer.pay(details, { nowSec: NOW_SEC, nonce: nonce(n) }));
      tx.push(X402SettlementSchema.parse(decodeBase64Json(res.headers.get('x-payment-response') as string)).transaction);
    }
    const history = await read('/api/v1/x402/payments?limit=2');
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ hasMore: true, total: 3 });
    expect(history.body.data.map((p: Json) => p.txHash)).toEqual([tx[2], tx[1]]);
    for (const record of history.body.data) X402PaymentRecordSchema.parse(record);

    const one = await read(`/api/v1/x402/payments/${tx[0]}`);
    expect(one.body).toMatchObject({ _id: tx[0], transaction: tx[0], network: 'base', chainId: 8453, payer: buyer.address, payTo: PAY_TO, amount: '10000', amountUsd: 0.01, releaseId: 'rel_paid', status: 'settled', createdAt: NOW });
    expect((await read(`/api/v1/x402/payments/0x${'0'.repeat(64)}`)).status).toBe(404);
    expect((await read(`/api/v1/x402/payments/${tx[0]}`, OTHER)).status).toBe(404);
    expect((await read('/api/v1/x402/payments/nothex')).status).toBe(400);

    const wallet = X402WalletSchema.parse((await read('/api/v1/x402/wallet')).body);
    expect(wallet).toMatchObject({ workspaceId: 'ws_pay', balanceMicro: 30000, balanceUsd: 0.03, payments: 3 });
    expect(wallet.balances.find((b) => b.network === 'base')).toMatchObject({ chainId: 8453, addresses: [PAY_TO], balanceMicro: 30000 });
    expect(wallet.balances.find((b) => b.network === 'base-sepolia')).toMatchObject({ chainId: 84532, balanceMicro: 0 });

    const pricing = X402PricingSchema.parse((await read('/api/v1/x402/pricing')).body);
    expect(pricing.data).toEqual([
      expect.objectContaining({ kind: 'message', releaseId: 'rel_paid', amountMicro: 10000, network: 'base', payTo: PAY_TO }),
      expect.objectContaining({ kind: 'tool', name: 'search', releaseId: 'rel_paid', amountMicro: 2000, maxAmountRequired: '2000' }),
    ]);
    expect((await read('/api/v1/x402/pricing/tools/search')).body).toMatchObject({ name: 'search', amountUsd: 0.002, chainId: 8453 });
    expect((await read('/api/v1/x402/pricing/tools/unknown')).status).toBe(404);
    expect((await read('/api/v1/x402/wallet', `svc_${'Z'.repeat(87)}`)).status).toBe(200);
    expect((await door.fetch('/api/v1/x402/wallet')).status).toBe(401);
  });

  // The emulator's earlier unsigned x-payment JSON keeps working, and is logged too.
  it('still takes the earlier unsigned x-payment form', async () => {
    const id = await thread();
    const legacy = btoa(JSON.stringify({ x402Version: '1', network: 'base', amountMicro: 10000, payer: '0xlegacy' }));
    const res = await send(id, legacy);
    expect(res.status).toBe(200);
    expect(res.body.message.metadata.payment).toEqual({ amountMicro: 10000, network: 'base', payer: '0xlegacy' });
    expect(decodeBase64Json(res.headers.get('x-payment-response') as string)).toMatchObject({ success: true, network: 'base', payer: '0xlegacy' });
    expect((await read('/api/v1/x402/payments')).body.data[0]).toMatchObject({ payer: '0xlegacy', nonce: null });
  });
});
