// The x402 area as a module of the list: the ledger of x402 payments chat sends accepted, and the
// x402 routes (payment requirements and receipts of paid releases).
import { defineArea } from '../../core/area.js';
import { x402Routes } from './routes.js';
import { PaymentLedger } from './store.js';
import { X402_TABLES } from './tables.js';

declare module '../../core/area.js' {
  interface AreaApis {
    x402: PaymentLedger;
  }
}

export const x402Area = defineArea({
  name: 'x402',
  tables: X402_TABLES,
  uses: ['releases'],
  create: (ctx) => new PaymentLedger(ctx.deps),
  routes: (payments, ctx) => x402Routes({ payments, releases: ctx.area('releases') }),
});
