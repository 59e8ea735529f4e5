import { describe, expect, it } from 'vitest';
import { addObject, displayedRequest, effectiveRoom, errorMessageOf, guessRoomFromUrl, parseObjectsList, QUICK_ADD } from './object-detection';

describe('object detection demo logic', () => {
  it('offers the first 8 of 20 common objects as chips', () => {
    expect(QUICK_ADD).toHaveLength(8);
    expect(QUICK_ADD[0]).toBe('sofa');
  });

  it('appends a chip only when absent', () => {
    expect(addObject('', 'sofa')).toBe('sofa');
    expect(addObject('chair', 'sofa')).toBe('chair, sofa');
    expect(addObject('chair, ', 'sofa')).toBe('chair, sofa');
    expect(addObject('Sofa, chair', 'sofa')).toBe('Sofa, chair');
  });

  it('splits, trims, lower-cases and drops empty entries', () => {
    expect(parseObjectsList(' Sofa, ,CHAIR ,, tv ')).toEqual(['sofa', 'chair', 'tv']);
    expect(parseObjectsList(' , ')).toEqual([]);
  });

  it('guesses the room from the URL for auto', () => {
    expect(guessRoomFromUrl('https://x.com/listing/Kitchen-1.jpg')).toBe('kitchen');
    expect(guessRoomFromUrl('https://x.com/bathroom.png')).toBe('bathroom');
    expect(guessRoomFromUrl('https://x.com/master-bedroom.png')).toBe('bedroom');
    expect(guessRoomFromUrl('https://x.com/living_room.webp')).toBe('living_room');
    expect(guessRoomFromUrl('https://x.com/photo.jpg')).toBe('general');
    expect(effectiveRoom('auto', 'https://x.com/kitchen.jpg')).toBe('kitchen');
    expect(effectiveRoom('office', 'https://x.com/kitchen.jpg')).toBe('office');
  });

  it('shows the request the page sends', () => {
    expect(displayedRequest({ url: 'https://x.com/a.jpg' }, 'Sofa, tv', 'general')).toEqual({
      caption: 'POST /api/demo/object-detection',
      value: { headers: { 'Content-Type': 'application/json' }, body: { image_url: 'https://x.com/a.jpg', objects_to_find: 'Sofa, tv', room_category: 'general' } },
    });
    expect(displayedRequest({ fileName: 'room.jpg' }, 'sofa', 'auto')).toEqual({
      caption: 'POST /api/demo/object-detection (multipart/form-data)',
      value: { file: '(uploaded file: room.jpg)', objects_to_find: 'sofa', room_category: 'auto' },
    });
  });

  it('reads the message of the error body', () => {
    expect(errorMessageOf({ error: { code: 'X', message: 'Bad image' }, request_id: 'r' })).toBe('Bad image');
    expect(errorMessageOf({ message: 'plain' })).toBe('plain');
    expect(errorMessageOf('x')).toBeUndefined();
  });
});
