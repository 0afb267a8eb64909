import { expect, test } from '@playwright/test';

test.describe('API documentation', () => {
  test('the OpenAPI document at /api/openapi.json describes the API', async ({ request }) => {
    const response = await request.get('/api/openapi.json');
    expect(response.status()).toBe(200);
    const document = (await response.json()) as { openapi?: string; paths?: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths ?? {})).toEqual(expect.arrayContaining(['/api/me', '/api/health']));
  });

  test('the API reference page at /api/docs renders in the browser', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/api/docs');
    // swagger-ui lays out the whole document (about 650 KB, 145 operations) before it shows the first one:
    // about 10 s on a 2-core machine running two browsers, more than the default wait of 10 s
    await expect(page.getByText('/api/me').first()).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });
});
