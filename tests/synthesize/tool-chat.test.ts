import { afterEach, expect, test } from 'vitest';
import { UserError } from '../../src/errors.js';
import type { ModelCall } from '../../src/llm/model.js';
import { createOpenAIToolChat, recordingToolChat, type ToolSpec } from '../../src/llm/tools.js';
import { startOpenAIServer, type OpenAIServer, type Script } from '../fixtures/openai-server.js';

const servers: OpenAIServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(script: Script): Promise<OpenAIServer> {
  const server = await startOpenAIServer(script);
  servers.push(server);
  return server;
}

const tools: ToolSpec[] = [{ name: 'read_file', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }];

test('tool calls travel the chat-completions wire format both ways, through the real openai client', async () => {
  const server = await serve([{ toolCalls: [{ id: 'call_a', name: 'read_file', arguments: { path: 'a.js' } }] }, 'done']);
  const chat = createOpenAIToolChat({ baseURL: server.baseURL, model: 'tool-model', apiKey: 'sk-local-123456' });
  const first = await chat.completeWithTools({ messages: [{ role: 'user', content: 'read a.js' }], tools, toolChoice: 'auto', temperature: 0, seed: 3 });
  expect(first).toMatchObject({ content: null, toolCalls: [{ id: 'call_a', name: 'read_file', arguments: '{"path":"a.js"}' }], finishReason: 'tool_calls' });
  const second = await chat.completeWithTools({
    messages: [
      { role: 'user', content: 'read a.js' },
      { role: 'assistant', content: null, toolCalls: first.toolCalls },
      { role: 'tool', toolCallId: 'call_a', content: 'console.log(1)' },
    ],
    tools,
  });
  expect(second).toMatchObject({ content: 'done', toolCalls: [] });
  const [a, b] = server.requestsTo('chat');
  expect(a!.body).toEqual({
    model: 'tool-model',
    messages: [{ role: 'user', content: 'read a.js' }],
    tools: [{ type: 'function', function: { name: 'read_file', description: 'Read a file.', parameters: tools[0]!.parameters } }],
    tool_choice: 'auto',
    temperature: 0,
    seed: 3,
  });
  expect(b!.body.messages.slice(1)).toEqual([
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.js"}' } }] },
    { role: 'tool', tool_call_id: 'call_a', content: 'console.log(1)' },
  ]);
});

test('a tool chat model is still a ChatModel, and failures become the same UserErrors', async () => {
  const server = await serve(['{"ok":true}', { status: 500 }]);
  const chat = createOpenAIToolChat({ baseURL: server.baseURL, model: 'm', maxRetries: 0 });
  expect((await chat.complete({ messages: [{ role: 'user', content: 'hi' }], json: true })).content).toBe('{"ok":true}');
  const err = await chat.completeWithTools({ messages: [{ role: 'user', content: 'x' }], tools }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(UserError);
  expect((err as UserError).code).toBe('LLM_SERVER_ERROR');
});

test('recorded tool calls keep the request, the reply and the error, never the key', async () => {
  const server = await serve([{ toolCalls: [{ name: 'read_file', arguments: { path: 'b.js' } }] }, { status: 400, body: { error: { message: 'bad' } } }]);
  const calls: ModelCall[] = [];
  const chat = recordingToolChat(createOpenAIToolChat({ baseURL: server.baseURL, model: 'm', apiKey: 'sk-very-secret-1', maxRetries: 0 }), 'synthesize', calls);
  await chat.completeWithTools({ messages: [{ role: 'user', content: 'go' }], tools });
  await chat.completeWithTools({ messages: [{ role: 'user', content: 'again' }], tools }).catch(() => {});
  expect(calls).toHaveLength(2);
  expect(JSON.parse(calls[0]!.request)).toMatchObject({ model: 'm', tools: ['read_file'], messages: [{ role: 'user', content: 'go' }] });
  expect(JSON.parse(calls[0]!.response!)).toMatchObject({ toolCalls: [{ name: 'read_file', arguments: '{"path":"b.js"}' }] });
  expect(calls[1]).toMatchObject({ response: null, error: expect.stringMatching(/^LLM_REJECTED/) });
  expect(JSON.stringify(calls)).not.toContain('sk-very-secret-1');
});
