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
    await expect(page.getByText('/api/me').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
