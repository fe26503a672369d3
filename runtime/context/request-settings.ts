/**
 * Settings a flow overrides for the rest of its request with `set-config` (actions.md
 * ACT-set-config-1..3): per supported element path, the attributes merged over every `set-config`
 * so far (later values win). Read by the gateway's later stages: response validation at PL12
 * (`svc/validation response`) and upstream requests (`security/force-backend-https`, upstream.md
 * UP-NET-8). Decided: an element counts as enabled unless some `set-config` gave it `enable="false"`
 * and no later one `enable="true"`; `svc/validation request` is kept but changes nothing.
 */
/** `true`, `false` or `'report-only'` (validation.md VA1, VA3); runtime/validate reads the modes. */
export type ValidationMode = boolean | 'report-only'

export class RequestSettings {
  readonly #elements = new Map<string, Record<string, string>>()

  /** ACT-set-config-2: merges one element's attributes. */
  merge(path: string, attributes: { readonly [name: string]: string | undefined }): void {
    const element = { ...this.#elements.get(path) }
    for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element[name] = value
    this.#elements.set(path, element)
  }

  /** The attributes of an element that is set and enabled, or undefined. */
  enabled(path: string): Readonly<Record<string, string>> | undefined {
    const element = this.#elements.get(path)
    return element === undefined || element['enable'] === 'false' ? undefined : element
  }

  /** `svc/validation response`: the response validation mode of this request, when overridden. */
  get responseValidation(): ValidationMode | undefined {
    const mode = this.enabled('svc/validation')?.['response']
    return mode === undefined ? undefined : mode === 'report-only' ? mode : mode === 'true'
  }

  /** `security/force-backend-https`: upstream `http:` URLs are sent as `https:`. */
  get forceBackendHttps(): boolean {
    return this.enabled('security/force-backend-https') !== undefined
  }
}
