// The one way the PWA talks to its server: credentials always sent, JSON only when there is
// a body, and every failure turned into SPEC §8's "<status>: <message>" text.

const API_BASE = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export const OFFLINE_MESSAGE = "You're offline — nothing was sent";

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export const HTML_ERROR_TEXT = 'Server error: The server returned an HTML error instead of JSON';

export function errorText(status: number, statusText: string, body: string): string {
  const trimmed = body.trim();
  let message = statusText || 'Request failed';
  if (trimmed.startsWith('<')) {
    message = HTML_ERROR_TEXT;
  } else if (trimmed) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const fromJson = (parsed as { message?: unknown } | null)?.message;
      if (typeof fromJson === 'string' && fromJson) message = fromJson;
    } catch {
      message = trimmed.slice(0, 300);
    }
  }
  return `${status}: ${message}`;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  if (method !== 'GET' && typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, method === 'GET' ? 'Could not reach the server' : OFFLINE_MESSAGE);
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, errorText(response.status, response.statusText, text));
  return (text ? JSON.parse(text) : null) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
