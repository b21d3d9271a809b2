// Minimal typing of the `iso-3166-2` package, for the one lookup the rules use.
declare module 'iso-3166-2' {
  const iso31662: { subdivision(country: string, code?: string): { name: string; type: string } | null };
  export default iso31662;
}
