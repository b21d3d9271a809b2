// ShipmentService getAvailableProductsAndServices: the product table in the caller's language.
import { additionalServices, products } from '../contract/products.ts';
import type { Session } from './outcome.ts';

export interface ProductOrService {
  readonly name: string;
  readonly description: string;
  readonly code: string;
}

export function getAvailableProductsAndServices(session: Session): { products: ProductOrService[]; additionalServices: ProductOrService[] } {
  const { language } = session;
  return {
    products: products.map((p) => ({ name: p.name[language], description: p.description[language], code: p.code })),
    additionalServices: additionalServices.map((s) => ({ name: s.name[language], description: s.description[language], code: s.code })),
  };
}
