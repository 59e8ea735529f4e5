import { describe, expect, it } from 'vitest';
import { matchBrand } from './brands';

describe('matchBrand', () => {
  it('matches a brand inside a line and survives one OCR error in a long name', () => {
    expect(matchBrand('© Getty Images')).toEqual({ brand: 'Getty Images', similarity: 1 });
    expect(matchBrand('Sxutterstock')).toEqual({ brand: 'Shutterstock', similarity: 0.85 });
  });

  it('does not take a common short word for a brand', () => {
    expect(matchBrand('stock.example')).toBeUndefined();
    expect(matchBrand('MAIN STREET')).toBeUndefined();
  });

  it('uses the brand list it is given', () => {
    expect(matchBrand('Kestrel Media', [{ name: 'Kestrel Media' }])?.brand).toBe('Kestrel Media');
    expect(matchBrand('Shutterstock', [{ name: 'Kestrel Media' }])).toBeUndefined();
  });
});
