// A connector's sync, run as a clock job: fetch its documents through the service's outbound fetch,
// ingest new or changed ones through the RAG upload pipeline, skip unchanged ones by content hash.
// An item that cannot be fetched or read is recorded as an error of the run; the run goes on.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { OutboundFetch } from '../../core/area.js';
import { EmulatorError } from '../../core/errors.js';
import { parseJson } from '../../core/services.js';
import { saveUpload, type IncomingFile, type RagFileServices } from '../rag-files/public.js';
import { SYSTEM } from '../rag-targets/public.js';
import type { ConnectorConfig } from '../../types/integrations.js';
import type { ConnectorStore, RunTally } from './store.js';

export const JOB_SYNC = 'connectors.sync';
/** How long a queued sync waits on the emulator clock before it runs. */
export const SYNC_DELAY_MS = 1000;
/** The most a fetched item may weigh (the upload limit). */
const MAX_ITEM_BYTES = 10 * 1024 * 1024;
/** Wall-clock bound on one outbound request, so a silent server cannot hold a job forever. */
const FETCH_TIMEOUT_MS = 10_000;

interface Item {
  key: string;
  title: string;
  incoming: IncomingFile;
  sourceUrl?: string;
}

type Fetched = { ok: true; items: Item[] } | { ok: false; key: string; message: string };

const nameOf = (url: string, type: string): string => {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'index';
  const base = decodeURIComponent(last).replace(/[\\/]/g, '_').slice(0, 150) || 'index';
  if (/\.[a-z0-9]{1,5}$/i.test(base)) return base;
  return /html/i.test(type) ? `${base}.html` : /json/i.test(type) ? `${base}.json` : /markdown/i.test(type) ? `${base}.md` : `${base}.txt`;
};

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'document';

export class ConnectorSync {
  constructor(
    private readonly store: ConnectorStore,
    private readonly rag: () => RagFileServices,
    private readonly outbound: OutboundFetch,
  ) {}

  private async get(url: string): Promise<{ bytes: Uint8Array; type: string } | { error: string }> {
    let res: Response;
    try {
      res = await this.outbound(url, { method: 'GET', headers: { accept: 'text/html, application/json, text/plain, */*', 'user-agent': 'service-emulator-connector/1' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (err) {
      return { error: `Unreachable: ${err instanceof Error ? err.message : String(err)}` };
    }
    const bytes = new Uint8Array(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
    if (!res.ok) return { error: `HTTP ${res.status}` };
    if (bytes.length === 0) return { error: 'Empty answer' };
    if (bytes.length > MAX_ITEM_BYTES) return { error: `Larger than ${MAX_ITEM_BYTES} bytes` };
    return { bytes, type: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  private async fetchWeb(urls: string[]): Promise<Fetched[]> {
    const out: Fetched[] = [];
    for (const url of urls) {
      const got = await this.get(url);
      if ('error' in got) out.push({ ok: false, key: url, message: got.error });
      else out.push({ ok: true, items: [{ key: url, title: url, sourceUrl: url, incoming: { filename: nameOf(url, got.type), contentType: got.type, bytes: got.bytes } }] });
    }
    return out;
  }

  private async fetchJson(url: string): Promise<Fetched[]> {
    const got = await this.get(url);
    if ('error' in got) return [{ ok: false, key: url, message: got.error }];
    let docs: unknown;
    try {
      docs = JSON.parse(new TextDecoder().decode(got.bytes));
    } catch {
      return [{ ok: false, key: url, message: 'Not JSON' }];
    }
    if (!Array.isArray(docs)) return [{ ok: false, key: url, message: 'Expected a JSON array of {title, content, sourceUrl?}' }];
    return docs.map((doc: unknown, index): Fetched => {
      const d = doc as { title?: unknown; content?: unknown; sourceUrl?: unknown };
      const key = typeof d?.sourceUrl === 'string' ? d.sourceUrl : typeof d?.title === 'string' ? `${url}#${d.title}` : `${url}#${index}`;
      if (typeof d?.title !== 'string' || !d.title.trim() || typeof d.content !== 'string' || !d.content.trim()) {
        return { ok: false, key, message: `Document ${index}: needs a non-empty title and content` };
      }
      const bytes = utf8ToBytes(d.content);
      return {
        ok: true,
        items: [{ key, title: d.title.trim().slice(0, 200), ...(typeof d.sourceUrl === 'string' && { sourceUrl: d.sourceUrl }), incoming: { filename: `${slug(d.title)}.md`, contentType: 'text/markdown', bytes } }],
      };
    });
  }

  /** The job: runs one queued sync to its end. */
  async run(payload: Record<string, unknown>): Promise<void> {
    const runId = String(payload.runId);
    const connector = await this.store.row(String(payload.connectorId));
    if (!connector) return;
    const workspaceId = connector.workspace_id;
    await this.store.markRunning(runId);
    const tally: RunTally = { itemsFound: 0, itemsIngested: 0, itemsSkipped: 0, itemsFailed: 0, fileIds: [], errors: [] };
    const rag = this.rag();
    const target = await rag.targets.row(workspaceId, connector.target_id);
    if (!target) {
      tally.errors.push({ item: connector.target_id, message: 'The connector’s vector index no longer exists' });
      await this.store.finishRun(runId, connector.id, 'failed', tally);
      return;
    }
    const config = parseJson<ConnectorConfig>(connector.config, {});
    const fetched = connector.kind === 'web' ? await this.fetchWeb(config.urls ?? []) : await this.fetchJson(config.url ?? '');
    for (const result of fetched) {
      if (!result.ok) {
        tally.itemsFound++;
        tally.itemsFailed++;
        tally.errors.push({ item: result.key, message: result.message });
        continue;
      }
      for (const item of result.items) {
        tally.itemsFound++;
        const hash = bytesToHex(sha256(new Uint8Array([...utf8ToBytes(`${item.title}\n`), ...item.incoming.bytes])));
        const before = await this.store.item(connector.id, item.key);
        if (before?.content_hash === hash) {
          tally.itemsSkipped++;
          continue;
        }
        try {
          await rag.limits.ensureStorage(workspaceId, item.incoming.bytes.length);
          const [saved] = await saveUpload(rag.files, rag.pipeline, {
            workspaceId,
            targets: [target],
            title: item.title,
            description: `Synced by connector ${connector.title}`,
            chunkingTool: 'default',
            options: {},
            incoming: item.incoming,
            sourceUrl: item.sourceUrl,
            actor: SYSTEM,
          });
          if (before) {
            const old = await rag.files.row(workspaceId, before.file_id);
            if (old) await rag.files.delete(old, SYSTEM);
          }
          await this.store.saveItem(workspaceId, connector.id, item.key, hash, saved!.id);
          tally.itemsIngested++;
          tally.fileIds.push(saved!.id);
        } catch (err) {
          tally.itemsFailed++;
          tally.errors.push({ item: item.key, message: err instanceof EmulatorError ? err.message : 'Could not ingest the document' });
        }
      }
    }
    await this.store.finishRun(runId, connector.id, 'succeeded', tally);
  }
}
