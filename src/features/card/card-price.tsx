// A product's price in VND, with the listed price struck through when it is on sale.
import type { CardProduct } from '../../../contract/card';
import { formatVnd } from '../../../contract/format';

export function Price({ product }: { product: CardProduct }) {
  if (product.price === null && product.listedPrice === null) return null;
  const sale =
    product.listedPrice !== null && product.price !== null && product.listedPrice > product.price;
  return (
    <p className="card-price">
      {product.price !== null && <strong>{formatVnd(product.price)}</strong>}
      {sale && product.listedPrice !== null && (
        <s className="card-price__listed">{formatVnd(product.listedPrice)}</s>
      )}
      {product.price === null && product.listedPrice !== null && (
        <strong>{formatVnd(product.listedPrice)}</strong>
      )}
    </p>
  );
}
