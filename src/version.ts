// The emulator's version, reported by the health route (kept equal to package.json by a test).
export const VERSION = '0.1.0';
