import { describe, expect, it } from 'vitest';
import { matchBrand } from './brands';

describe('matchBrand', () => {
  it('names a brand whose words spell one of its names exactly, whatever the case, spacing and punctuation', () => {
    expect(matchBrand('© Getty Images')).toEqual({ brand: 'Getty Images', similarity: 1 });
    expect(matchBrand('gettyimages.com')?.brand).toBe('Getty Images');
    expect(matchBrand('www.SHUTTERSTOCK.com')?.brand).toBe('Shutterstock');
    expect(matchBrand('Shutter stock')?.brand).toBe('Shutterstock');
    expect(matchBrand('iStockphoto')?.brand).toBe('iStock');
    expect(matchBrand('AP Photo/Jane Doe')?.brand).toBe('AP Photo');
    expect(matchBrand('Alamy')?.brand).toBe('Alamy');
  });

  it('takes the glyphs OCR confuses in print (I, l, 1; O, 0) as one, and nothing more', () => {
    expect(matchBrand('Northlight lmages', [{ name: 'Northlight Images' }])?.brand).toBe('Northlight Images');
    expect(matchBrand('ALAMY')?.brand).toBe('Alamy');
    expect(matchBrand('A1amy')?.brand).toBe('Alamy');
    expect(matchBrand('P0nd5')?.brand).toBe('Pond5');
    expect(matchBrand('Northlight Imagex', [{ name: 'Northlight Images' }])).toBeUndefined();
  });

  it('accepts an image number after the name', () => {
    expect(matchBrand('shutterstock 1234567')?.brand).toBe('Shutterstock');
    expect(matchBrand('shutterstock1234567')?.brand).toBe('Shutterstock');
    expect(matchBrand('alamy2024')?.brand).toBe('Alamy');
  });

  it('never names a brand on a near spelling or a word that merely contains one', () => {
    // The reported failures: a stock-looking address and a plain word one letter from "istockphoto".
    expect(matchBrand('stockphoto.example')).toBeUndefined();
    expect(matchBrand('STOCKPHOTO')).toBeUndefined();
    expect(matchBrand('TOCKPHOTO')).toBeUndefined();
    // One OCR error in the real name: reported as text, not as the brand.
    expect(matchBrand('Sxutterstock')).toBeUndefined();
    for (const text of [
      'shutterbug',
      'getty street',
      'Getty',
      'Shutter Studio',
      'istanbul photo',
      'Alamo Images',
      'dreamtime media',
      'Pexel Art',
      'Unsplashed',
      'Pond 6 Films',
      'stockyard.example',
    ]) {
      expect(matchBrand(text), text).toBeUndefined();
    }
  });

  it('does not take a common short word for a brand', () => {
    expect(matchBrand('stock.example')).toBeUndefined();
    expect(matchBrand('MAIN STREET')).toBeUndefined();
  });

  it('uses the brand list it is given', () => {
    expect(matchBrand('Kestrel Media', [{ name: 'Kestrel Media' }])?.brand).toBe('Kestrel Media');
    expect(matchBrand('Kestrel Medial', [{ name: 'Kestrel Media' }])).toBeUndefined();
    expect(matchBrand('Shutterstock', [{ name: 'Kestrel Media' }])).toBeUndefined();
  });
});
