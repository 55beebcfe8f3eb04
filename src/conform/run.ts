// Runs the suite against two sides (the target and an emulator) and gathers every difference.
// Each side keeps its own answers, so a get addresses that side's own first list item.
import { compareAnswers, type Answer, type Difference } from './diff.js';
import { hintsFor, type Hints } from './schema-hints.js';
import { assertReadOnly, buildRequest, type ReadOnlyRequest, type SuiteStep } from './suite.js';

/** Sends one read-only request to one side. Implementations must not throw: a failure is an Answer. */
export type Sender = (request: ReadOnlyRequest) => Promise<Answer>;

export interface StepResult {
  step: string;
  method: string;
  route: string;
  /** The path each side was sent (ids differ per side); absent when the step was skipped. */
  target?: { path: string; answer: Answer };
  emulator?: { path: string; answer: Answer };
  /** Why the step was not sent (an empty list on one side gave no id). */
  skipped?: string;
  differences: Difference[];
}

export interface ConformResult {
  steps: StepResult[];
  differences: Difference[];
}

export interface RunOptions {
  suite: readonly SuiteStep[];
  target: Sender;
  emulator: Sender;
  /** The emulator's OpenAPI document: where it names enums, required fields and free maps. */
  openApi: Record<string, unknown>;
  /** Step ids not to send (--skip); steps that need their answers are skipped too. */
  skip?: ReadonlySet<string>;
  /** Hears each step as it finishes (for --verbose). */
  onStep?(result: StepResult): void;
}

/** Every request passes here: the method is checked once more at the moment of sending. */
function guarded(send: Sender, route: string): Sender {
  return (request) => {
    assertReadOnly(request.method, route);
    return send(request);
  };
}

const keepIfOk = (answers: Map<string, unknown>, step: string, answer: Answer) => {
  if (!('error' in answer) && answer.status >= 200 && answer.status < 300 && answer.json) answers.set(step, answer.body);
};

type Built = ReturnType<typeof buildRequest>;

/** Why a step was not sent: a step it needs was skipped, or a side's answer gave no id. */
function skipReason(forTarget: Built, forEmulator: Built, skipped: ReadonlySet<string>): string {
  const sides = [['target', forTarget], ['emulator', forEmulator]] as const;
  const reasons = new Set<string>();
  for (const [side, built] of sides) {
    if (!('missing' in built)) continue;
    reasons.add(skipped.has(built.from) ? `needs ${built.from}, which was skipped` : `the ${side} gave no ${built.missing} (${built.from} answered none)`);
  }
  return [...reasons].join('; ');
}

export async function runSuite(options: RunOptions): Promise<ConformResult> {
  const targetAnswers = new Map<string, unknown>();
  const emulatorAnswers = new Map<string, unknown>();
  const steps: StepResult[] = [];
  const skipped = new Set<string>();
  for (const step of options.suite) {
    const base = { step: step.id, method: step.method, route: step.route };
    const forTarget = buildRequest(step, targetAnswers);
    const forEmulator = buildRequest(step, emulatorAnswers);
    let result: StepResult;
    if (options.skip?.has(step.id)) {
      result = { ...base, skipped: 'skipped with --skip', differences: [] };
      skipped.add(step.id);
    } else if ('missing' in forTarget || 'missing' in forEmulator) {
      result = { ...base, skipped: skipReason(forTarget, forEmulator, skipped), differences: [] };
      skipped.add(step.id);
    } else {
      const [targetAnswer, emulatorAnswer] = await Promise.all([
        guarded(options.target, step.route)(forTarget),
        guarded(options.emulator, step.route)(forEmulator),
      ]);
      keepIfOk(targetAnswers, step.id, targetAnswer);
      keepIfOk(emulatorAnswers, step.id, emulatorAnswer);
      const hints = (status: number): Hints => {
        const own = hintsFor(options.openApi, step.method, step.route, status);
        if (own.size > 0 || !step.itemSchema || status >= 300) return own;
        const { route, at } = step.itemSchema;
        for (const [path, hint] of hintsFor(options.openApi, 'GET', route, status)) own.set(path === '' ? at : `${at}.${path}`, hint);
        return own;
      };
      result = {
        ...base,
        target: { path: forTarget.path, answer: targetAnswer },
        emulator: { path: forEmulator.path, answer: emulatorAnswer },
        differences: compareAnswers(emulatorAnswer, targetAnswer, hints).map((d) => ({ ...base, ...d })),
      };
    }
    steps.push(result);
    options.onStep?.(result);
  }
  return { steps, differences: steps.flatMap((s) => s.differences) };
}
