// A SQLite image past the size where `snapshot` settles the young generation restores exactly, as a small one does.
import { describe, expect, it } from 'vitest';
import { openStorage } from '../../emulator/open-storage.js';
import { betterSqliteLoads } from '../sqlite-probe.js';

// Needs better-sqlite3 (not on an install without a compiler: npm run test:install).
describe.skipIf(!(await betterSqliteLoads()))('sqlite snapshot of a large database', () => {
  it('takes, restores and re-takes an image of 20+ MB byte for byte, a write in between undone', async () => {
    const storage = await openStorage('sqlite');
    const name = 'x'.repeat(1000);
    await storage.transaction(async () => {
      for (let i = 0; i < 21_000; i++) {
        await storage.run('INSERT INTO users (id, name, email_verified, metadata, created_at) VALUES (?, ?, ?, ?, ?)', [`u${i}`, `${i}${name}`, 1, '{}', i]);
      }
    });
    const snapshot = (await storage.snapshot()) as { image?: Uint8Array };
    expect(snapshot.image!.length).toBeGreaterThan(20 * 1024 * 1024);
    const before = await storage.all('SELECT id, name, created_at FROM users ORDER BY created_at');
    await storage.run('DELETE FROM users WHERE created_at < ?', [10_000]);
    // A second, full restore path: another snapshot becomes the baseline first.
    const later = await storage.snapshot();
    await storage.restore(snapshot as never);
    expect(await storage.all('SELECT id, name, created_at FROM users ORDER BY created_at')).toEqual(before);
    await storage.restore(later);
    expect((await storage.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))?.n).toBe(11_000);
    await storage.restore(snapshot as never);
    const again = (await storage.snapshot()) as { image?: Uint8Array };
    expect(Buffer.compare(Buffer.from(again.image!), Buffer.from(snapshot.image!))).toBe(0);
    await storage.close();
  });
});
