/** A same-site path ("/admin?x=1"), never "//evil.example" or "https://…": safe to navigate to. */
export function safeLocalPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
