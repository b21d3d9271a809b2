// The environments a server process can serve (docs/decisions.md "Environments"): live, or stage, where
// integrators test. The two never share accounts, tokens, parcel numbers or data.

/** Which environment a server process serves. */
export type Environment = 'live' | 'stage';
