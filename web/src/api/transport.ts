/** The wire: fetch for ordinary calls, XMLHttpRequest when upload progress is wanted. */

export interface TransportRequest {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit | null;
  signal: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
}

export interface TransportResponse {
  status: number;
  text: () => Promise<string>;
}

export type Transport = (url: string, init: TransportRequest) => Promise<TransportResponse>;

export const fetchTransport: Transport = async (url, init) => {
  const res = await fetch(url, {
    method: init.method,
    headers: init.headers,
    body: init.body ?? null,
    signal: init.signal,
  });
  return { status: res.status, text: () => res.text() };
};

export const xhrTransport: Transport = (url, init) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    const progress = init.onUploadProgress;
    if (progress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) progress(event.loaded / event.total);
      };
    }
    const onAbort = () => xhr.abort();
    init.signal.addEventListener('abort', onAbort, { once: true });
    xhr.onload = () => {
      init.signal.removeEventListener('abort', onAbort);
      if (progress) progress(1);
      const text = xhr.responseText;
      resolve({ status: xhr.status, text: () => Promise.resolve(text) });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
