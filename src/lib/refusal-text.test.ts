import { fillTemplate, placeholdersOf } from '@shared/message-template.ts';
import { REFUSALS } from '@shared/refusals.ts';
import { FIELD_LABELS, VALIDATION } from '@shared/validation.ts';
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
};

function speak(locale: 'en' | 'zh', messages: Record<string, string> = {}) {
  i18n.loadAndActivate({ locale, locales: INTL_LOCALES[locale], messages });
}

afterEach(() => speak('en'));

describe('refusalText', () => {
  it('leaves English as the server wrote it', () => {
    expect(refusalText('ride_full', 'This ride is full')).toBe('This ride is full');
    expect(refusalText(undefined, 'Anything at all')).toBe('Anything at all');
  });

  it('translates a known code, with the values read back from the message', () => {
    speak('zh', ZH);
    expect(refusalText('ride_full', 'This ride is full')).toBe('这趟车已满');
    expect(refusalText('spots_remaining', 'Only 3 spots remaining')).toBe('只剩 3 个座位');
    expect(refusalText('already_revoked', 'tan_ah_kow is already revoked')).toBe('tan_ah_kow 已被撤销');
    // The wait is put in the language's own words where it has them (English here: no catalogue).
    expect(refusalText('too_many_failed_attempts', 'Too many failed attempts. Please try again in 5 minutes.')).toBe(
      '失败次数太多，请 5 minutes 后再试。',
    );
  });

  it("shows the server's message for an unknown or generic code, or a text that is not the code's", () => {
    speak('zh', ZH);
    expect(refusalText('something_new', 'A refusal from a newer server')).toBe('A refusal from a newer server');
    expect(refusalText('not_found', 'Some other thing was not found')).toBe('Some other thing was not found');
    expect(refusalText('ride_full', 'This ride is packed')).toBe('This ride is packed');
    expect(refusalText(undefined, 'This ride is full')).toBe('This ride is full');
    // A code with no translation yet reads in English.
    expect(refusalText('own_ride', 'You cannot join your own ride')).toBe('You cannot join your own ride');
  });

  it("translates a validation failure ('invalid_input') through the schemas' texts", () => {
    speak('zh', ZH);
    expect(refusalText('invalid_input', 'Name is required')).toBe('请填写姓名');
    expect(refusalText('invalid_input', 'Push endpoint must be on a public host')).toBe(
      'Push endpoint must be on a public host',
    );
  });
});

describe('validationText', () => {
  it('translates the message and the field it names; a label not in the list stays as it is', () => {
    expect(validationText('Name is required')).toBe('Name is required');
    speak('zh', ZH);
    expect(validationText('Name is required')).toBe('请填写姓名');
    expect(validationText('Name must be at most 100 characters')).toBe('姓名最多 100 个字符');
    expect(validationText('driverContactId is required')).toBe('请填写driverContactId');
    expect(validationText('New passwords do not match')).toBe('New passwords do not match');
  });
});

describe('the registries as Lingui reads them', () => {
  it('render every English text exactly as the server fills it', () => {
    for (const descriptor of [
      ...Object.values(REFUSALS),
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
  it("keeps the refusal's code, and shows SPEC §8's text in the member's language", async () => {
    server.use(
      http.post('*/api/rides/1/join', () =>
        HttpResponse.json({ message: 'This ride is full', code: 'ride_full' }, { status: 409 }),
      ),
    );
    const english = await api.post('/api/rides/1/join', {}).catch((error: unknown) => error);
    expect(english).toBeInstanceOf(ApiError);
    expect(english).toMatchObject({ status: 409, code: 'ride_full', message: '409: This ride is full' });

    speak('zh', ZH);
    const chinese = await api.post('/api/rides/1/join', {}).catch((error: unknown) => error);
    expect(chinese).toMatchObject({ status: 409, code: 'ride_full', message: '409: 这趟车已满' });
  });

  it('has no code for an answer without one', async () => {
    server.use(http.get('*/api/rides/9', () => HttpResponse.json({ message: 'Ride not found' }, { status: 404 })));
    const error = await api.get('/api/rides/9').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 404, code: undefined, message: '404: Ride not found' });
  });
});
