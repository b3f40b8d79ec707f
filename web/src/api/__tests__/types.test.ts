/** The answer types derived from the generated schema: key conversion and refinements. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { keysToCamel } from '../case';
import type { components, operations } from '../schema.gen';
import type * as sdk from '../sdk.gen';
import type {
  Camelize,
  CamelKey,
  Order,
  PaymentType,
  PayOutcome,
  PayOutcomeKind,
  Product,
  ProductAction,
  ProductInput,
  ShopOrder,
  User,
} from '../types';

describe('Camelize', () => {
  it('converts keys like snakeToCamel', () => {
    expectTypeOf<CamelKey<'total_count_max'>>().toEqualTypeOf<'totalCountMax'>();
    expectTypeOf<CamelKey<'id'>>().toEqualTypeOf<'id'>();
    expectTypeOf<CamelKey<'line_2_total'>>().toEqualTypeOf<'line2Total'>();
    expect(Object.keys(keysToCamel({ total_count_max: 1, id: 2, line_2_total: 3 }))).toEqual(['totalCountMax', 'id', 'line2Total']);
  });

  it('converts nested objects, arrays and nullable members, keeping optional fields optional', () => {
    type Api = { some_list: { inner_key: number | null }[]; maybe_obj: { deep_key: string } | null; opt_field?: string };
    expectTypeOf<Camelize<Api>>().toEqualTypeOf<{
      someList: { innerKey: number | null }[];
      maybeObj: { deepKey: string } | null;
      optField?: string;
    }>();
  });
});

describe('answer types', () => {
  it('follow the schema', () => {
    expectTypeOf<Order['payerEmail']>().toEqualTypeOf<components['schemas']['OrderRow']['payer_email']>();
    expectTypeOf<ShopOrder['invoiceNumber']>().toEqualTypeOf<number | null>();
    expectTypeOf<Product['createdAt']>().toEqualTypeOf<string>();
  });

  it('keep the refinements the app relies on', () => {
    expectTypeOf<Product['pricingPlans'][number]['paymentType']>().toEqualTypeOf<PaymentType>();
    expectTypeOf<PayOutcome['outcome']>().toEqualTypeOf<PayOutcomeKind>();
    expectTypeOf<User['seller']>().toEqualTypeOf<{ username: string | null; canSell: boolean; paymentAccountDone: boolean; powerSeller: boolean } | null>();
  });

  it('make request fields with a server default optional', () => {
    expectTypeOf<{ name: string }>().toExtend<ProductInput>();
  });

  it('type path parameters from the schema (an enum stays a union, an integer id may be a route string)', () => {
    expectTypeOf<ProductAction>().toEqualTypeOf<operations['product_action']['parameters']['path']['action']>();
    expectTypeOf<Parameters<typeof sdk.productAction>[1]>().toEqualTypeOf<ProductAction>();
    expectTypeOf<Parameters<typeof sdk.getProduct>[0]>().toEqualTypeOf<number | string>();
    expectTypeOf<Parameters<typeof sdk.getShopProduct>[0]>().toEqualTypeOf<string>();
    expectTypeOf<'delete'>().not.toExtend<ProductAction>();
  });
});
