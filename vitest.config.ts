// Unit layer for the web side: both wasm builds loaded in Node, the link codec, comparison logic.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
