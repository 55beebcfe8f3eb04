// The RAG tools that read through retrieval: synthesize (an answer from retrieved chunks, written
// by chat's reply generator, with its citations), test-retrieval (recall and precision of the
// retrieved files against expected ones) and products (catalog lines read from chunks).
import { composeReply, keywords, loadTokenizer, type ContextEntry } from '../chat/public.js';
import type { RagFileServices } from '../rag-files/public.js';
import type { RagSearchStore } from '../rag-search/public.js';
import type { TargetRow } from '../rag-targets/public.js';
import type { RagCitation, RagProduct, RagRetrievalResult, RagSynthesis, RagTestRetrieval } from '../../types/rag-tools.js';
import { productsIn } from './analysis.js';
import { sha256Hex } from '../../security/hash.js';

/** The model name synthesized answers are priced and worded as. */
export const SYNTHESIS_MODEL = 'gpt-4o-mini';

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const mean = (xs: number[]) => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

export class RagRetrievalTools {
  constructor(
    private readonly rag: RagFileServices,
    private readonly search: () => RagSearchStore,
    private readonly seed: () => number,
  ) {}

  /** Retrieved chunks with their file titles, as chat's retriever gives them. */
  private async context(workspaceId: string, target: TargetRow, query: string, topK: number | undefined): Promise<ContextEntry[]> {
    const result = await this.search().context([target], query, topK);
    const out: ContextEntry[] = [];
    for (const chunk of result.chunks) {
      const file = chunk.fileId ? await this.rag.files.row(workspaceId, chunk.fileId) : undefined;
      out.push({ ...chunk, ...(file && { title: String(file.title) }), ...(file && file.source_url !== null && { sourceUrl: String(file.source_url) }) });
    }
    return out;
  }

  async synthesize(workspaceId: string, target: TargetRow, query: string, topK: number | undefined): Promise<RagSynthesis> {
    const words = keywords(query, 20);
    // Chat's rule: a retrieved chunk grounds the answer only if it shares a meaningful word with the question.
    const context = (await this.context(workspaceId, target, query, topK)).filter((c) => words.some((w) => c.content.toLocaleLowerCase('en-US').includes(w)));
    const answer = composeReply({ seed: this.seed(), model: SYNTHESIS_MODEL, turn: 0, prompt: query, context, releaseName: target.title });
    // The generator cites the first three non-empty chunks, numbering files by first mention: the same here.
    const citations: RagCitation[] = [];
    const numbers = new Map<string, number>();
    for (const chunk of context.filter((c) => c.content.trim()).slice(0, 3)) {
      const name = chunk.title ?? chunk.source ?? 'the documentation';
      if (numbers.has(name)) continue;
      numbers.set(name, numbers.size + 1);
      citations.push({
        n: numbers.size,
        fileId: chunk.fileId,
        title: name,
        ...(chunk.sourceUrl !== undefined && { sourceUrl: chunk.sourceUrl }),
        score: chunk.score,
        excerpt: chunk.content.replace(/\s+/g, ' ').trim().slice(0, 240),
      });
    }
    const tokenizer = await loadTokenizer();
    const promptTokens = tokenizer.count([...context.map((c, i) => `context [${i + 1}] ${c.source ?? ''}: ${c.content}`), `user: ${query}`].join('\n'));
    const completionTokens = tokenizer.count(answer);
    return {
      query,
      collectionId: target.id,
      answer,
      citations,
      grounded: citations.length > 0,
      context: context.map((c) => ({ content: c.content, score: c.score, fileId: c.fileId, vectorId: c.vectorId, source: c.source })),
      usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
    };
  }

  async testRetrieval(target: TargetRow, queries: string[], expected: (string[] | undefined)[], topK: number | undefined): Promise<RagTestRetrieval> {
    const results: RagRetrievalResult[] = [];
    for (const [i, query] of queries.entries()) {
      const found = await this.search().context([target], query, topK);
      const retrieved = found.chunks.map((c) => ({ fileId: c.fileId, score: c.score }));
      const retrievedFileIds = [...new Set(found.chunks.map((c) => c.fileId).filter((id): id is string => id !== null))];
      const want = expected[i];
      if (want === undefined) {
        results.push({ query, retrieved, retrievedFileIds, recall: null, precision: null });
        continue;
      }
      const wanted = [...new Set(want)];
      const hits = retrievedFileIds.filter((id) => wanted.includes(id));
      results.push({
        query,
        retrieved,
        retrievedFileIds,
        expected: wanted,
        hits,
        recall: wanted.length ? round(hits.length / wanted.length) : null,
        precision: retrievedFileIds.length ? round(hits.length / retrievedFileIds.length) : null,
      });
    }
    const judged = results.filter((r) => r.expected !== undefined);
    return {
      collectionId: target.id,
      results,
      summary: {
        queries: results.length,
        meanRecall: mean(judged.flatMap((r) => (r.recall === null ? [] : [r.recall]))),
        meanPrecision: mean(judged.flatMap((r) => (r.precision === null ? [] : [r.precision]))),
        hitRate: judged.length ? round(judged.filter((r) => (r.hits?.length ?? 0) > 0).length / judged.length) : null,
      },
    };
  }

  /** Products read from the chunks of completed files; with `q`, only lines sharing its words, best first. */
  async products(targetsInScope: TargetRow[], q: string | undefined): Promise<RagProduct[]> {
    const words = q ? keywords(q, 20) : [];
    const out: RagProduct[] = [];
    for (const target of targetsInScope) {
      for (const file of await this.rag.files.filesOfTarget(target.id)) {
        if (file.status !== 'completed') continue;
        for (const chunk of await this.rag.files.chunkRows(file.id)) {
          for (const p of productsIn(chunk.content, chunk.heading ?? file.title)) {
            const haystack = `${p.name} ${p.text}`.toLocaleLowerCase('en-US');
            const score = words.length ? round(words.filter((w) => haystack.includes(w)).length / words.length) : 1;
            if (score === 0) continue;
            out.push({
              id: `prod_${sha256Hex(`${chunk.id}:${p.line}`).slice(0, 16)}`,
              name: p.name,
              price: p.price,
              sku: p.sku,
              text: p.text,
              score,
              source: { fileId: file.id, chunkId: chunk.id, collectionId: target.id, title: file.title, ...(file.source_url !== null && { sourceUrl: String(file.source_url) }) },
            });
          }
        }
      }
    }
    // Stable: best score first, then the order the lines were read in.
    return out.map((p, i) => ({ p, i })).sort((a, b) => b.p.score - a.p.score || a.i - b.i).map(({ p }) => p);
  }
}
