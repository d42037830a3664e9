import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

import { CURRENT_POLICIES } from '../../supabase/functions/_shared/policies.ts';

export const PASSWORD = 'journey-password-1';

let counter = 0;
export function username(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
}

async function postJson(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, { data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

// Setting up who is logged in goes through the api; the journeys themselves use the UI.
export function registerViaApi(context: BrowserContext, name: string, extra: Record<string, unknown> = {}) {
  return postJson(context.request, '/api/register', {
    discordUsername: name,
    password: PASSWORD,
    name: `${name} Tan`,
    whatsappNumber: '+65 9123 4567',
    acceptedPolicies: CURRENT_POLICIES,
    ...extra,
  });
}

export function loginViaApi(context: BrowserContext, name: string, password = PASSWORD) {
  return postJson(context.request, '/api/login', { discordUsername: name, password });
}

export function singaporeInputValue(daysAhead: number, time = '09:30'): string {
  const date = new Date(Date.now() + daysAhead * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  return `${date}T${time}`;
}

export function createRideViaApi(context: BrowserContext, overrides: Record<string, unknown> = {}) {
  const direction = (overrides.direction as string) ?? 'SG->FC';
  return postJson(context.request, '/api/rides', {
    direction,
    date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    maxPassengers: 4,
    pickupLocation: direction === 'FC->SG' ? 'Forest City' : 'Pasir Ris MRT',
    dropoffLocations: [{ location: direction === 'FC->SG' ? 'Tampines Mall' : 'Pasir Ris MRT', passengerCount: 1 }],
    organizerPassengerCount: 1,
    ...overrides,
  });
}

export async function expectToast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 10_000 });
}

export async function expectPath(page: Page, pattern: RegExp) {
  try {
    await page.waitForURL((url) => pattern.test(url.pathname), { timeout: 10_000 });
  } catch (error) {
    // A wait that ends on a busy machine says where the page stood, for the next reader of CI's log.
    const shown = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 600))
      .catch(() => '(page unreadable)');
    (error as Error).message += `\nstill at ${page.url()}, showing: ${shown}`;
    throw error;
  }
  expect(new URL(page.url()).pathname).toMatch(pattern);
}

// Phones hide the navigation behind the menu button.
export async function openNavigation(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}
