import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible endpoint: `POST /v1/chat/completions` with the real request
 * and response shapes (chat.completion objects; with `stream: true`, SSE chunks `data: {...}` and
 * `data: [DONE]`). Tests script each answer and read back exactly what the client sent.
 */
export type ChatMessage = {
  role: string;
  content: string | { type: string; text?: string; image_url?: { url: string } }[];
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: ChatMessage[];
    temperature?: number;
    stream?: boolean;
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
    };
    [key: string]: unknown;
  };
};

export type StandInReply =
  /** a normal completion whose message content is this text; streamed with a pause between pieces */
  | { kind: 'content'; content: string; delayMs?: number; chunkDelayMs?: number }
  /** an HTTP error with an OpenAI-style error body */
  | { kind: 'error'; status: number; message: string }
  /** any body with status 200, e.g. something that is not a chat completion */
  | { kind: 'raw'; body: string };

export type StandInResponder = (request: RecordedRequest) => StandInReply;

/**
 * Which server the stand-in plays, as far as response_format goes:
 * - `openai`: takes every response_format (the scripted answer decides what comes back);
 * - `json-mode-only`: a local server of the kind AI_STRUCTURED_OUTPUT=json_object is for. It refuses
 *   `json_schema` with the error llama.cpp's server gave before it knew json_schema (issue
 *   ggml-org/llama.cpp#9522: HTTP 500, `response_format type must be one of "text" or "json_object", but got:
 *   json_schema`), and takes `json_object` and no response_format;
 * - `text-only`: a server that refuses any response_format (HTTP 400), what AI_STRUCTURED_OUTPUT=prompt is for.
 */
export type StandInDialect = 'openai' | 'json-mode-only' | 'text-only';

/** Answers in turn, the last one again for any further request: e.g. a bad answer, then its repair. */
export function inSequence(...replies: StandInReply[]): StandInResponder {
  let next = 0;
  return () => replies[Math.min(next++, replies.length - 1)]!;
}

/** The refusal a server of `dialect` gives for this request's response_format, if it refuses it. */
function refusal(dialect: StandInDialect, body: RecordedRequest['body']): StandInReply | null {
  const type = body.response_format?.type;
  if (type === undefined) return null;
  if (dialect === 'json-mode-only' && type !== 'json_object' && type !== 'text') {
    return {
      kind: 'error',
      status: 500,
      message: `response_format type must be one of "text" or "json_object", but got: ${type}`,
    };
  }
  if (dialect === 'text-only') {
    return { kind: 'error', status: 400, message: `response_format is not supported: ${type}` };
  }
  return null;
}

export type OpenAiStandIn = {
  /** pass as baseURL, e.g. http://127.0.0.1:43123/v1 */
  baseURL: string;
  requests: RecordedRequest[];
  respondWith(responder: StandInResponder): void;
  /** the server it plays from now on (default `openai`) */
  speak(dialect: StandInDialect): void;
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

let completionCounter = 0;

function completion(model: string, content: string) {
  completionCounter += 1;
  return {
    id: `chatcmpl-standin-${completionCounter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
  };
}

async function writeStream(
  res: ServerResponse,
  model: string,
  content: string,
  chunkDelayMs = 0,
): Promise<void> {
  completionCounter += 1;
  const id = `chatcmpl-standin-${completionCounter}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    })}\n\n`;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.write(chunk({ role: 'assistant', content: '' }, null));
  // Several pieces, so a client that only reads the first chunk fails the test.
  const pieces = content.match(/.{1,8}/gsu) ?? [];
  for (const piece of pieces) {
    if (res.destroyed) return;
    res.write(chunk({ content: piece }, null));
    if (chunkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, chunkDelayMs));
  }
  if (res.destroyed) return;
  res.write(chunk({}, 'stop'));
  res.write('data: [DONE]\n\n');
  res.end();
}

export async function startOpenAiStandIn(responder?: StandInResponder): Promise<OpenAiStandIn> {
  const requests: RecordedRequest[] = [];
  let respond: StandInResponder =
    responder ?? (() => ({ kind: 'error', status: 500, message: 'no answer scripted' }));
  let dialect: StandInDialect = 'openai';

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = req.url ?? '';
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `unknown route ${req.method} ${path}` } }));
        return;
      }
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(raw) as RecordedRequest['body'];
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'invalid JSON body', type: 'invalid_request_error' } }));
        return;
      }
      const recorded: RecordedRequest = { method: req.method, path, headers: req.headers, body };
      requests.push(recorded);
      const reply = refusal(dialect, body) ?? respond(recorded);

      if (reply.kind === 'error') {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: reply.message, type: 'server_error', code: null } }));
        return;
      }
      if (reply.kind === 'raw') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(reply.body);
        return;
      }
      const send = () => {
        if (res.destroyed) return;
        if (body.stream) {
          void writeStream(res, body.model, reply.content, reply.chunkDelayMs);
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(completion(body.model, reply.content)));
        }
      };
      if (reply.delayMs) {
        const timer = setTimeout(send, reply.delayMs);
        // the client gave up (time-out): do not keep the test process waiting
        res.on('close', () => clearTimeout(timer));
      } else {
        send();
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith(next) {
      respond = next;
    },
    speak(next) {
      dialect = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
