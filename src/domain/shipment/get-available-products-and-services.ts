// ShipmentService getAvailableProductsAndServices: the product table in the caller's language.
import { additionalServices, products } from '../../contract/products.ts';
import type { Session } from '../core/outcome.ts';

export interface ProductOrService {
  readonly name: string;
  readonly description: string;
  readonly code: string;
}

/** The words around a product's service codes and aliases, per language. */
const CODE_WORDS = {
  en_US: { service: 'service', small: 'small', also: 'also accepted as' },
  nl_NL: { service: 'dienst', small: 'klein', also: 'ook aanvaard als' },
} as const;

/** "…, service 101, small 136" and the product codes also accepted for it (AM0 for E830). */
function codesOf(product: (typeof products)[number], language: keyof typeof CODE_WORDS): string {
  const words = CODE_WORDS[language];
  const parts = [`${words.service} ${product.normal}`];
  if (product.small !== undefined) parts.push(`${words.small} ${product.small}`);
  if (product.aliases.length > 0) parts.push(`${words.also} ${product.aliases.join(', ')}`);
  return parts.join(', ');
}

export function getAvailableProductsAndServices(session: Session): {
  products: ProductOrService[];
  additionalServices: ProductOrService[];
} {
  const { language } = session;
  return {
    products: products.map((p) => ({
      name: p.name[language],
      description: `${p.description[language]} (${codesOf(p, language)})`,
      code: p.code,
    })),
    additionalServices: additionalServices.map((s) => ({ name: s.name[language], description: s.description[language], code: s.code })),
  };
}
