import { describe, expect, it } from 'vitest';
import { sprachmodellOf } from './config.ts';

describe('the language model configuration (decision 248)', () => {
  it('is off without LLM_URL and reads the four variables with it', () => {
    expect(sprachmodellOf({})).toBeUndefined();
    expect(sprachmodellOf({ LLM_URL: ' ', LLM_MODEL: 'x' })).toBeUndefined();
    expect(
      sprachmodellOf({ LLM_URL: 'https://llm.example.org/v1/', LLM_MODEL: 'gpt-x', LLM_API_KEY: 'sk-1' }),
    ).toEqual({ url: 'https://llm.example.org/v1', model: 'gpt-x', apiKey: 'sk-1', timeoutMs: 20_000 });
    expect(
      sprachmodellOf({ LLM_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama', LLM_TIMEOUT_MS: '5000' }),
    ).toEqual({ url: 'http://127.0.0.1:11434/v1', model: 'llama', apiKey: undefined, timeoutMs: 5000 });
  });

  it('stops the start on a wrong value', () => {
    expect(() => sprachmodellOf({ LLM_URL: 'ftp://x', LLM_MODEL: 'm' })).toThrow(/LLM_URL/);
    expect(() => sprachmodellOf({ LLM_URL: 'kein url', LLM_MODEL: 'm' })).toThrow(/LLM_URL/);
    expect(() => sprachmodellOf({ LLM_URL: 'https://x.example' })).toThrow(/LLM_MODEL/);
    for (const t of ['999', '120001', '1.5', 'abc'])
      expect(() =>
        sprachmodellOf({ LLM_URL: 'https://x.example', LLM_MODEL: 'm', LLM_TIMEOUT_MS: t }),
      ).toThrow(/LLM_TIMEOUT_MS/);
  });
});
