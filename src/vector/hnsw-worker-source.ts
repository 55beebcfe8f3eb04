// The code of the HNSW worker thread (src/vector/hnsw-worker-index.ts), as text: a worker started
// with `eval` needs no file of its own beside the bundled core, and no bundler rewrites its
// `require`. It holds graphs by id and applies the messages of each in the order they were posted:
// `add` inserts in label order with the parameters and seed the in-thread HnswIndex uses (the same
// graph), `search` answers through a SharedArrayBuffer the caller waits on.

/**
 * The reply buffer of a search, as Int32 slots: [state, count, label × want], then the points of
 * those labels as Float32 (dimension each). State: 0 waiting, 1 answered, 2 failed.
 */
export const REPLY_HEADER = 2;

export const HNSW_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { HierarchicalNSW } = require(workerData.hnswlib);
const HEADER = ${REPLY_HEADER};
const graphs = new Map();

function open(m) {
  const index = new HierarchicalNSW('ip', m.dimension);
  index.initIndex(m.capacity, m.m, m.efConstruction, m.randomSeed, true);
  graphs.set(m.id, { index, capacity: m.capacity, dimension: m.dimension });
}

function add(m) {
  const g = graphs.get(m.id);
  if (g.failed) return;
  const d = g.dimension;
  for (let i = 0; i < m.count; i++) {
    if (g.index.getCurrentCount() >= g.capacity) {
      g.capacity *= 2;
      g.index.resizeIndex(g.capacity);
    }
    g.index.addPoint(Array.from(m.vectors.subarray(i * d, (i + 1) * d)), m.first + i, true);
  }
}

function search(m) {
  const slots = new Int32Array(m.reply);
  try {
    const g = graphs.get(m.id);
    if (g.failed) throw new Error('graph failed');
    const d = g.dimension;
    g.index.setEf(m.ef);
    const query = Array.from(m.query);
    const mask = m.mask;
    const found = mask
      ? g.index.searchKnn(query, m.want, (label) => label < mask.length && mask[label] === 1)
      : g.index.searchKnn(query, m.want);
    const labels = found.neighbors;
    const points = new Float32Array(m.reply, (HEADER + m.want) * 4, m.want * d);
    for (let i = 0; i < labels.length; i++) {
      slots[HEADER + i] = labels[i];
      points.set(g.index.getPoint(labels[i]), i * d);
    }
    slots[1] = labels.length;
    Atomics.store(slots, 0, 1);
  } catch (error) {
    Atomics.store(slots, 0, 2);
  }
  Atomics.notify(slots, 0);
}

parentPort.on('message', (m) => {
  try {
    if (m.op === 'open') open(m);
    else if (m.op === 'add') add(m);
    else if (m.op === 'remove') graphs.get(m.id).index.markDelete(m.label);
    else if (m.op === 'search') search(m);
    else if (m.op === 'free') graphs.delete(m.id);
  } catch (error) {
    // A graph that missed a message is wrong from then on: its searches say so instead of answering.
    const g = graphs.get(m.id);
    if (g) g.failed = true;
  }
});
`;
