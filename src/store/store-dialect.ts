// Which database a store runs on: what the repositories ask where SQL differs between the two.

/** Which database a store runs on. */
export type StoreDialect = 'sqlite' | 'postgres';
