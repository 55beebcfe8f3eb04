// QA suites and their tests: CRUD, the export document and its import (validated before anything
// is written, so a bad document leaves no half-made suite).
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import type { QaSuite, QaTest } from '../../types/qa.js';
import { DEFAULT_PASS_THRESHOLD } from './judge.js';
import type { CreateSuiteInput, SuiteDocument, TestInput, UpdateSuiteInput, UpdateTestInput } from './schema.js';

interface SuiteRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  description: string | null;
  pass_threshold: number;
  created_at: number;
  updated_at: number;
}

interface TestRow {
  [column: string]: string | number | null;
  id: string;
  suite_id: string;
  question: string;
  expected_answer: string;
  criteria: string;
  created_at: number;
  updated_at: number;
}

const testOut = (row: TestRow): QaTest => ({
  _id: row.id,
  suiteId: row.suite_id,
  question: row.question,
  expectedAnswer: row.expected_answer,
  criteria: parseJson<string[]>(row.criteria, []),
  createdAt: toIso(Number(row.created_at)),
  updatedAt: toIso(Number(row.updated_at)),
});

export class QaSuiteStore {
  constructor(private readonly deps: StoreDeps) {}

  private async nextSeq(table: string): Promise<number> {
    const row = await this.deps.storage.get<{ seq: number }>(`SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM ${table}`);
    return Number(row?.seq ?? 1);
  }

  private async answer(row: SuiteRow): Promise<QaSuite> {
    return {
      _id: row.id,
      title: row.title,
      ...(row.description !== null && { description: row.description }),
      workspaceId: row.workspace_id,
      passThreshold: Number(row.pass_threshold),
      tests: await this.tests(row.id),
      createdAt: toIso(Number(row.created_at)),
      updatedAt: toIso(Number(row.updated_at)),
    };
  }

  private row(workspaceId: string, id: string): Promise<SuiteRow | undefined> {
    return this.deps.storage.get<SuiteRow>('SELECT * FROM qa_suites WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
  }

  async tests(suiteId: string): Promise<QaTest[]> {
    const rows = await this.deps.storage.all<TestRow>('SELECT * FROM qa_tests WHERE suite_id = ? ORDER BY seq', [suiteId]);
    return rows.map(testOut);
  }

  async list(workspaceId: string): Promise<QaSuite[]> {
    const rows = await this.deps.storage.all<SuiteRow>('SELECT * FROM qa_suites WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return Promise.all(rows.map((r) => this.answer(r)));
  }

  async get(workspaceId: string, id: string): Promise<QaSuite | undefined> {
    const row = await this.row(workspaceId, id);
    return row ? this.answer(row) : undefined;
  }

  async create(workspaceId: string, input: CreateSuiteInput & { id?: string; tests?: (TestInput & { id?: string })[] }): Promise<QaSuite> {
    const now = this.deps.clock.now();
    const id = input.id ?? this.deps.ids.objectId();
    await this.deps.storage.run(
      'INSERT INTO qa_suites (id, seq, workspace_id, title, description, pass_threshold, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [id, await this.nextSeq('qa_suites'), workspaceId, input.title, input.description ?? null, input.passThreshold ?? DEFAULT_PASS_THRESHOLD, now, now],
    );
    for (const test of input.tests ?? []) await this.insertTest(workspaceId, id, test);
    return (await this.get(workspaceId, id)) as QaSuite;
  }

  private async insertTest(workspaceId: string, suiteId: string, test: TestInput & { id?: string }): Promise<string> {
    const now = this.deps.clock.now();
    const id = test.id ?? this.deps.ids.objectId();
    await this.deps.storage.run(
      'INSERT INTO qa_tests (id, seq, workspace_id, suite_id, question, expected_answer, criteria, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [id, await this.nextSeq('qa_tests'), workspaceId, suiteId, test.question, test.expectedAnswer, JSON.stringify(test.criteria ?? []), now, now],
    );
    return id;
  }

  private touch(id: string): Promise<unknown> {
    return this.deps.storage.run('UPDATE qa_suites SET updated_at = ? WHERE id = ?', [this.deps.clock.now(), id]);
  }

  async update(workspaceId: string, id: string, patch: UpdateSuiteInput): Promise<QaSuite | undefined> {
    const row = await this.row(workspaceId, id);
    if (!row) return undefined;
    await this.deps.storage.run('UPDATE qa_suites SET title = ?, description = ?, pass_threshold = ?, updated_at = ? WHERE id = ?', [
      patch.title ?? row.title,
      patch.description === undefined ? row.description : patch.description,
      patch.passThreshold ?? Number(row.pass_threshold),
      this.deps.clock.now(),
      id,
    ]);
    return this.get(workspaceId, id);
  }

  /** Deletes a suite with its tests; its runs stay readable (they hold their own copy of the tests). */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const { changes } = await this.deps.storage.run('DELETE FROM qa_suites WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    if (changes === 0) return false;
    await this.deps.storage.run('DELETE FROM qa_tests WHERE suite_id = ?', [id]);
    return true;
  }

  async addTest(workspaceId: string, suiteId: string, test: TestInput): Promise<QaTest | undefined> {
    if (!(await this.row(workspaceId, suiteId))) return undefined;
    const id = await this.insertTest(workspaceId, suiteId, test);
    await this.touch(suiteId);
    return (await this.tests(suiteId)).find((t) => t._id === id);
  }

  /** undefined: no such suite; null: no such test in it. */
  async updateTest(workspaceId: string, suiteId: string, testId: string, patch: UpdateTestInput): Promise<QaTest | null | undefined> {
    if (!(await this.row(workspaceId, suiteId))) return undefined;
    const row = await this.deps.storage.get<TestRow>('SELECT * FROM qa_tests WHERE suite_id = ? AND id = ?', [suiteId, testId]);
    if (!row) return null;
    await this.deps.storage.run('UPDATE qa_tests SET question = ?, expected_answer = ?, criteria = ?, updated_at = ? WHERE id = ?', [
      patch.question ?? row.question,
      patch.expectedAnswer ?? row.expected_answer,
      patch.criteria === undefined ? row.criteria : JSON.stringify(patch.criteria),
      this.deps.clock.now(),
      testId,
    ]);
    await this.touch(suiteId);
    return (await this.tests(suiteId)).find((t) => t._id === testId) ?? null;
  }

  async deleteTest(workspaceId: string, suiteId: string, testId: string): Promise<boolean | undefined> {
    if (!(await this.row(workspaceId, suiteId))) return undefined;
    const { changes } = await this.deps.storage.run('DELETE FROM qa_tests WHERE suite_id = ? AND id = ?', [suiteId, testId]);
    if (changes > 0) await this.touch(suiteId);
    return changes > 0;
  }

  async setThreshold(workspaceId: string, id: string, threshold: number): Promise<void> {
    await this.deps.storage.run('UPDATE qa_suites SET pass_threshold = ?, updated_at = ? WHERE workspace_id = ? AND id = ?', [threshold, this.deps.clock.now(), workspaceId, id]);
  }

  /** The portable document of a suite: no ids, no workspace, no times. */
  static document(suite: QaSuite): SuiteDocument {
    return {
      format: 'service-emulator.qa-suite',
      version: 1,
      title: suite.title,
      ...(suite.description !== undefined && { description: suite.description }),
      passThreshold: suite.passThreshold,
      tests: suite.tests.map((t) => ({ question: t.question, expectedAnswer: t.expectedAnswer, ...(t.criteria.length > 0 && { criteria: t.criteria }) })),
    };
  }

  import(workspaceId: string, doc: SuiteDocument): Promise<QaSuite> {
    return this.create(workspaceId, { title: doc.title, description: doc.description, passThreshold: doc.passThreshold, tests: doc.tests });
  }
}
