import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (uploads with progress): each request waits until the test reports its
 * progress and answers it.
 */
export class FakeXhr extends EventTarget {
  static requests: FakeXhr[] = [];

  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
  }

  abort() {
    this.dispatchEvent(new Event('abort'));
  }

  /** The browser has sent `loaded` of `total` bytes. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }

  /** The server answers. */
  respond(status: number, body?: unknown) {
    this.status = status;
    this.statusText = status === 201 ? 'Created' : status === 422 ? 'Unprocessable Content' : '';
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }

  /** The FormData sent, for the test to read. */
  get form(): FormData {
    if (!(this.body instanceof FormData)) throw new Error('not a multipart request');
    return this.body;
  }
}

export function mockXhr() {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    requests: FakeXhr.requests,
    /** the latest request, once it is sent */
    last: () => FakeXhr.requests.at(-1),
  };
}
