// `i18next` in the shop's build (vite.shop.config.ts): the part of it the buyer's pages use, in a few hundred bytes
// instead of fifteen kilobytes. Keys are dotted paths in one `translation` namespace; `{{name}}` is replaced (never
// escaped: React escapes; one not given stays as it is); `count` picks `key_zero` (for 0), then the language's plural form (`key_one`, `key_few`,
// …), then `key`, in the page's language and then in each fallback language, as i18next does. A key found nowhere
// is `defaultValue` or the key itself, and tells `missingKeyHandler` when `saveMissing` is on.
// src/preact/i18next.test.ts runs the same cases through both.

type Tree = { [key: string]: unknown };
type Listener = (...args: unknown[]) => void;
export type TOptions = { [name: string]: unknown; count?: number; defaultValue?: string; lng?: string };
export type InitOptions = {
  lng?: string;
  fallbackLng?: string | readonly string[];
  resources?: Record<string, Record<string, Tree>>;
  saveMissing?: boolean;
  missingKeyHandler?: (lngs: readonly string[], ns: string, key: string, fallbackValue: string) => void;
  react?: { bindI18n?: string; bindI18nStore?: string };
  [option: string]: unknown;
};
type Module = { type: string; init?: (instance: I18n) => void };

const NS = 'translation';

class Emitter {
  private listeners = new Map<string, Set<Listener>>();
  on(event: string, fn: Listener): this {
    for (const e of event.split(' ')) {
      if (!this.listeners.has(e)) this.listeners.set(e, new Set());
      this.listeners.get(e)!.add(fn);
    }
    return this;
  }
  off(event: string, fn?: Listener): void {
    for (const e of event.split(' ')) {
      if (fn) this.listeners.get(e)?.delete(fn);
      else this.listeners.delete(e);
    }
  }
  emit(event: string, ...args: unknown[]): void {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
}

class Store extends Emitter {
  data: Record<string, Record<string, Tree>> = {};
}

function merge(into: Tree, from: Tree, overwrite: boolean): void {
  for (const [k, v] of Object.entries(from)) {
    const here = into[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && here && typeof here === 'object') merge(here as Tree, v as Tree, overwrite);
    else if (overwrite || here === undefined) into[k] = v && typeof v === 'object' ? structuredClone(v) : v;
  }
}

function plural(lng: string, count: number): string {
  try {
    return new Intl.PluralRules(lng).select(count);
  } catch {
    return new Intl.PluralRules('en').select(count);
  }
}

export class I18n extends Emitter {
  language = '';
  resolvedLanguage = '';
  languages: string[] = [];
  isInitialized = false;
  options: InitOptions = {};
  store = new Store();

  use(module: Module): this {
    module.init?.(this);
    return this;
  }

  init(options: InitOptions = {}): Promise<I18n['t']> {
    this.options = options;
    for (const [lng, bundles] of Object.entries(options.resources ?? {})) {
      for (const [ns, tree] of Object.entries(bundles)) this.addResourceBundle(lng, ns, tree, true, true);
    }
    this.isInitialized = true;
    this.setLanguage(options.lng ?? 'en');
    this.emit('initialized', options);
    return Promise.resolve(this.t);
  }

  private fallbacks(): string[] {
    const f = this.options.fallbackLng ?? [];
    return typeof f === 'string' ? [f] : [...f];
  }

  /** The language and the ones its words fall back to: `pt-BR`, `pt`, then the fallback languages. */
  private codes(lng: string): string[] {
    const codes = [lng];
    const base = lng.split('-')[0]!;
    if (base !== lng) codes.push(base);
    for (const f of this.fallbacks()) if (!codes.includes(f)) codes.push(f);
    return codes;
  }

  private setLanguage(lng: string): void {
    this.language = lng;
    this.languages = this.codes(lng);
    this.resolvedLanguage = this.languages.find((l) => this.hasResourceBundle(l, NS)) ?? lng;
  }

  changeLanguage(lng?: string): Promise<I18n['t']> {
    if (lng && lng !== this.language) {
      this.setLanguage(lng);
      this.emit('languageChanged', lng);
    }
    return Promise.resolve(this.t);
  }

  addResourceBundle(lng: string, ns: string, resources: Tree, deep = false, overwrite = false): this {
    if (!this.store.data[lng]) this.store.data[lng] = {};
    const bundles = this.store.data[lng];
    if (!deep || !bundles[ns]) bundles[ns] = structuredClone({ ...(deep ? bundles[ns] : {}), ...resources });
    else merge(bundles[ns], resources, overwrite);
    if (lng === this.language || this.languages.includes(lng)) this.setLanguage(this.language);
    this.store.emit('added', lng, ns);
    return this;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store.data[lng]?.[ns] !== undefined;
  }

  getResourceBundle(lng: string, ns: string): Tree | undefined {
    return this.store.data[lng]?.[ns];
  }

  private lookup(lng: string, key: string): string | undefined {
    let node: unknown = this.store.data[lng]?.[NS];
    for (const part of key.split('.')) {
      if (!node || typeof node !== 'object') return undefined;
      node = (node as Tree)[part];
    }
    return typeof node === 'string' ? node : undefined;
  }

  private resolve(key: string, options: TOptions): string | undefined {
    const lng = options.lng ?? this.language;
    const count = options.count;
    for (const code of this.codes(lng)) {
      const keys = [key];
      if (typeof count === 'number') {
        keys.push(`${key}_${plural(code, count)}`);
        if (count === 0) keys.push(`${key}_zero`);
      }
      while (keys.length) {
        const found = this.lookup(code, keys.pop()!);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  exists(key: string, options: TOptions = {}): boolean {
    return this.resolve(key, options) !== undefined;
  }

  t = (key: string, options: TOptions | string = {}): string => {
    const opts: TOptions = typeof options === 'string' ? { defaultValue: options } : options;
    let text = this.resolve(key, opts);
    if (text === undefined) {
      if (this.options.saveMissing && this.options.missingKeyHandler) {
        this.options.missingKeyHandler(this.codes(opts.lng ?? this.language), NS, key, opts.defaultValue ?? key);
      }
      text = opts.defaultValue ?? key;
    }
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
      const value = opts[name];
      return value === undefined || value === null ? whole : String(value);
    });
  };

  getFixedT(lng: string | null): I18n['t'] {
    return lng ? (key, options = {}) => this.t(key, typeof options === 'string' ? { defaultValue: options, lng } : { ...options, lng }) : this.t;
  }
}

const i18n = new I18n();
export default i18n;
export function createInstance(options?: InitOptions): I18n {
  const instance = new I18n();
  if (options) void instance.init(options);
  return instance;
}
