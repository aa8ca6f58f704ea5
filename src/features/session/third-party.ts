/**
 * Loads a third-party script once (Turnstile, Google Identity Services, the live-chat widget). Only called when
 * the brand has the matching setting; offline the promise rejects and callers fail quietly.
 */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error('script failed to load'));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
