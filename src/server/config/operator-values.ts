// OPERATOR_VALUES: JSON overriding parts of the documented operator values, each checked for its shape.
import { defaultOperatorValues, type OperatorValues } from '../../contract/products.ts';
import { MAX_PARCELS_PER_ORDER } from '../../contract/shipment-service/shipment-requests.ts';
import { ConfigError } from './environment-variables.ts';

export function operatorValues(text: string | undefined): OperatorValues {
  if (text === undefined || text === '') return defaultOperatorValues;
  let overrides: unknown;
  try {
    overrides = JSON.parse(text);
  } catch {
    throw new ConfigError('OPERATOR_VALUES must be JSON');
  }
  if (typeof overrides !== 'object' || overrides === null) throw new ConfigError('OPERATOR_VALUES must be a JSON object');
  const unknown = Object.keys(overrides).filter((key) => !(key in defaultOperatorValues));
  if (unknown.length > 0) throw new ConfigError(`OPERATOR_VALUES has unknown keys: ${unknown.join(', ')}`);
  for (const [key, value] of Object.entries(overrides)) {
    const problem = OPERATOR_VALUE_CHECKS[key as keyof OperatorValues](value);
    if (problem !== undefined) throw new ConfigError(`OPERATOR_VALUES.${key} must be ${problem}, got ${JSON.stringify(value)}`);
  }
  return Object.freeze({ ...defaultOperatorValues, ...overrides });
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const SIZE_KEYS = ['maxWeight', 'maxLength', 'maxWidth', 'maxHeight'] as const;

/** Each operator value's shape; a wrong one stops the start instead of failing requests later. */
const OPERATOR_VALUE_CHECKS: Readonly<Record<keyof OperatorValues, (value: unknown) => string | undefined>> = {
  smallParcel: (value) => sizeProblem(value),
  parcelLetter: (value) => sizeProblem(value),
  codInkasso: (value) => countsProblem(value),
  proactiveNotificationRules: (value) => countsProblem(value),
  ukRegistrationThreshold: (value) =>
    isRecord(value) && Object.entries(value).every(([currency, amount]) => /^[A-Z]{3}$/.test(currency) && isCount(amount))
      ? undefined
      : 'an object of ISO 4217 currency codes to amounts in cents, e.g. {"GBP": 13500}',
  maxParcelsPerOrder: (value) =>
    isCount(value) && value >= 1 && value <= MAX_PARCELS_PER_ORDER ? undefined : `a whole number from 1 to ${MAX_PARCELS_PER_ORDER}`,
};

function countsProblem(value: unknown): string | undefined {
  return Array.isArray(value) && value.length > 0 && value.every(isCount) ? undefined : 'a non-empty list of whole numbers';
}

function sizeProblem(value: unknown): string | undefined {
  const ok =
    isRecord(value) && Object.keys(value).length === SIZE_KEYS.length && SIZE_KEYS.every((key) => isCount(value[key]) && value[key] > 0);
  return ok ? undefined : `{"maxWeight", "maxLength", "maxWidth", "maxHeight"}, each a whole number above 0 (dag and cm)`;
}
