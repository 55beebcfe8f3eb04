// Voiceprints: enrolled voices as feature vectors (src/audio/features.ts), ranked against a probe by
// cosine similarity.
import { similarity, type VoiceFeatures } from '../../audio/features.js';
import { parseJson, toIso, type StoreDeps } from '../../core/services.js';
import type { Voiceprint, VoiceprintMatch } from '../../types/audio.js';

interface VoiceprintRow {
  [column: string]: string | number | null;
  id: string;
  workspace_id: string;
  title: string;
  description: string;
  source_type: string;
  source_ref: string | null;
  features: string;
  duration_ms: number;
  sample_rate: number;
  pitch_hz: number;
  created_at: number;
  updated_at: number;
}

export interface NewVoiceprint {
  title: string;
  description?: string | undefined;
  source: Voiceprint['source'];
  features: VoiceFeatures;
}

function recordOf(row: VoiceprintRow): Voiceprint {
  const source: Voiceprint['source'] = { type: row.source_type as Voiceprint['source']['type'] };
  if (row.source_type === 'upload' && row.source_ref !== null) source.fileKey = row.source_ref;
  if (row.source_type === 'audio-transcript' && row.source_ref !== null) source.audioId = row.source_ref;
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    description: row.description,
    workspaceId: row.workspace_id,
    source,
    durationMs: Number(row.duration_ms),
    sampleRate: Number(row.sample_rate),
    pitchHz: Number(row.pitch_hz),
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}

export class VoiceprintStore {
  constructor(private readonly deps: StoreDeps) {}

  async create(workspaceId: string, input: NewVoiceprint): Promise<Voiceprint> {
    const id = this.deps.ids.objectId();
    const now = this.deps.clock.now();
    const next = await this.deps.storage.get<{ seq: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM voiceprints');
    const { features } = input;
    await this.deps.storage.run(
      `INSERT INTO voiceprints (id, seq, workspace_id, title, description, source_type, source_ref, features, duration_ms, sample_rate, pitch_hz, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        Number(next?.seq ?? 1),
        workspaceId,
        input.title,
        input.description ?? '',
        input.source.type,
        input.source.fileKey ?? input.source.audioId ?? null,
        JSON.stringify(features.vector),
        features.durationMs,
        features.sampleRate,
        features.pitchHz,
        now,
        now,
      ],
    );
    return (await this.get(workspaceId, id)) as Voiceprint;
  }

  async list(workspaceId: string): Promise<Voiceprint[]> {
    return (await this.deps.storage.all<VoiceprintRow>('SELECT * FROM voiceprints WHERE workspace_id = ? ORDER BY seq', [workspaceId])).map(recordOf);
  }

  async get(workspaceId: string, id: string): Promise<Voiceprint | undefined> {
    const row = await this.deps.storage.get<VoiceprintRow>('SELECT * FROM voiceprints WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
    return row ? recordOf(row) : undefined;
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    if (!(await this.get(workspaceId, id))) return false;
    await this.deps.storage.run('DELETE FROM voiceprints WHERE id = ?', [id]);
    return true;
  }

  /** Every voiceprint of the workspace scored against `probe`, best first (ties: the older first). */
  async match(workspaceId: string, probe: number[], threshold: number): Promise<VoiceprintMatch[]> {
    const rows = await this.deps.storage.all<VoiceprintRow>('SELECT * FROM voiceprints WHERE workspace_id = ? ORDER BY seq', [workspaceId]);
    return rows
      .map((row) => {
        const score = similarity(parseJson<number[]>(row.features, []), probe);
        return { voiceprintId: row.id, title: row.title, score, isMatch: score >= threshold };
      })
      .sort((a, b) => b.score - a.score);
  }
}
