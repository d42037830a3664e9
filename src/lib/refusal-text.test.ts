import { fillTemplate, placeholdersOf } from '@shared/message-template.ts';
import { REFUSALS, WAIT_TEXTS } from '@shared/refusals.ts';
import { FIELD_LABELS, VALIDATION, validationMessage } from '@shared/validation.ts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../testing/server';
import { api, ApiError } from './api-client';
import { i18n } from './i18n/i18n';
import { INTL_LOCALES } from './i18n/languages';
import { refusalText, validationText } from './refusal-text';

// A few made-up translations, as a catalogue would give them.
const ZH = {
  'refusal.ride_full': '这趟车已满',
  'refusal.spots_remaining': '只剩 {count} 个座位',
  'refusal.too_many_failed_attempts': '失败次数太多，请 {wait} 后再试。',
  'refusal.already_revoked': '{username} 已被撤销',
  'validation.required': '请填写{label}',
  'validation.too_long': '{label}最多 {max} 个字符',
  'field.name': '姓名',
  'refusal.wait.minutes': '{count} 分钟',
};

function speak(locale: 'en' | 'zh', messages: Record<string, string> = {}) {
  i18n.loadAndActivate({ locale, locales: INTL_LOCALES[locale], messages });
}

afterEach(() => speak('en'));

describe('refusalText', () => {
  it('says a known code from its params, in English too', () => {
    expect(refusalText('ride_full', {}, 'This ride is full')).toBe('This ride is full');
    expect(refusalText('spots_remaining', { count: 3 }, 'Only 3 spots remaining')).toBe('Only 3 spots remaining');
    expect(refusalText('too_many_joins', { wait: 90 }, 'whatever the server said')).toBe(
      'Too many joins and leaves. Please try again in 2 minutes.',
    );
    expect(refusalText(undefined, {}, 'Anything at all')).toBe('Anything at all');
  });

  it('translates a known code with the values it was sent, never read from the message', () => {
    speak('zh', ZH);
    expect(refusalText('ride_full', {}, 'This ride is full')).toBe('这趟车已满');
    // The message is not looked at: the params are the values.
    expect(refusalText('spots_remaining', { count: 3 }, 'Only 7 spots remaining')).toBe('只剩 3 个座位');
    expect(refusalText('already_revoked', { username: 'tan_ah_kow' }, 'x')).toBe('tan_ah_kow 已被撤销');
    // The wait comes in seconds and is said in the language's own words where it has them.
    expect(refusalText('too_many_failed_attempts', { wait: 300 }, 'x')).toBe('失败次数太多，请 5 分钟 后再试。');
    expect(refusalText('too_many_failed_attempts', { wait: 7200 }, 'x')).toBe('失败次数太多，请 2 hours 后再试。');
  });

  it("shows the server's message for an unknown or generic code, or params that lack a value", () => {
    speak('zh', ZH);
    expect(refusalText('something_new', {}, 'A refusal from a newer server')).toBe('A refusal from a newer server');
    expect(refusalText('conflict', {}, '冲突')).toBe('冲突');
    expect(refusalText(undefined, {}, 'This ride is full')).toBe('This ride is full');
    expect(refusalText('spots_remaining', {}, '只剩 3 个座位（服务器）')).toBe('只剩 3 个座位（服务器）');
    expect(refusalText('too_many_joins', { wait: '5 minutes' }, '服务器的话')).toBe('服务器的话');
    // A code with no translation yet reads in English.
    expect(refusalText('own_ride', {}, 'You cannot join your own ride')).toBe('You cannot join your own ride');
  });

  it("says a validation failure ('invalid_input') from its rule, values and field", () => {
    speak('zh', ZH);
    expect(refusalText('invalid_input', { rule: 'required', label: 'Name', field: 'name' }, 'Name is required')).toBe(
      '请填写姓名',
    );
    expect(refusalText('invalid_input', { rule: 'too_long', label: 'Name', max: 80 }, 'x')).toBe('姓名最多 80 个字符');
    // No rule (zod's own text, a check of the api's own): the server's message.
    expect(refusalText('invalid_input', { field: 'endpoint' }, 'Push endpoint must be on a public host')).toBe(
      'Push endpoint must be on a public host',
    );
    expect(refusalText('invalid_input', { rule: 'no_such_rule' }, 'As sent')).toBe('As sent');
  });
});

describe('validationText', () => {
  it('says a message the schemas made from its rule and values; a label not in the list stays', () => {
    const name = validationMessage('required', { label: 'Name' });
    const long = validationMessage('too_long', { label: 'Name', max: 100 });
    const technical = validationMessage('required', { label: 'driverContactId' });
    expect(validationText(name)).toBe('Name is required');
    speak('zh', ZH);
    expect(validationText(name)).toBe('请填写姓名');
    expect(validationText(long)).toBe('姓名最多 100 个字符');
    expect(validationText(technical)).toBe('请填写driverContactId');
    // A text the schemas never made is not read: it stays as it is.
    expect(validationText('Name must be at most 7 characters')).toBe('Name must be at most 7 characters');
    expect(validationText('New passwords do not match')).toBe('New passwords do not match');
  });
});

describe('the registries as Lingui reads them', () => {
  it('render every English text exactly as the server fills it', () => {
    for (const descriptor of [
      ...Object.values(REFUSALS),
      ...Object.values(WAIT_TEXTS),
      ...Object.values(VALIDATION),
      ...Object.values(FIELD_LABELS),
    ]) {
      const values = Object.fromEntries(placeholdersOf(descriptor.message).map((name, index) => [name, `v${index}`]));
      expect(i18n._({ id: descriptor.id, message: descriptor.message, values }), descriptor.id).toBe(
        fillTemplate(descriptor.message, values),
      );
    }
  });
});

describe('ApiError', () => {
  it("keeps the refusal's code and params, and says it in the member's language", async () => {
    server.use(
      http.post('*/api/rides/1/join', () =>
        HttpResponse.json(
          { code: 'spots_remaining', params: { count: 2 }, message: 'Only 2 spots remaining', requestId: 'r1' },
          { status: 409 },
        ),
      ),
    );
    const english = await api.post('/api/rides/1/join', {}).catch((error: unknown) => error);
    expect(english).toBeInstanceOf(ApiError);
    expect(english).toMatchObject({
      status: 409,
      code: 'spots_remaining',
      params: { count: 2 },
      message: '409: Only 2 spots remaining',
    });

    speak('zh', ZH);
    const chinese = await api.post('/api/rides/1/join', {}).catch((error: unknown) => error);
    expect(chinese).toMatchObject({ status: 409, code: 'spots_remaining', message: '409: 只剩 2 个座位' });
  });

  it('has no code for an answer without one', async () => {
    server.use(http.get('*/api/rides/9', () => HttpResponse.json({ message: 'Ride not found' }, { status: 404 })));
    const error = await api.get('/api/rides/9').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 404, code: undefined, params: {}, message: '404: Ride not found' });
  });
});
