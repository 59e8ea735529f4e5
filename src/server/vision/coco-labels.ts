/**
 * The 80 COCO classes in the order the CenterNet graph emits them: the `class` column of
 * `tower_0/detections` is a 0-based index into this list. Checked against real photos
 * (dog.jpg -> 16 dog, eagle -> 14 bird, giraffe.jpg -> 23 giraffe + 22 zebra, coffee -> 41 cup
 * + 60 dining table, astronaut -> 0 person), matching @vladmandic/human's `labels[classVal]`.
 */
export const COCO_LABELS = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat',
  'traffic light', 'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog',
  'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella',
  'handbag', 'tie', 'suitcase', 'frisbee', 'skis', 'snowboard', 'sports ball', 'kite',
  'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant',
  'bed', 'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone',
  'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors',
  'teddy bear', 'hair drier', 'toothbrush',
] as const;

export type CocoLabel = (typeof COCO_LABELS)[number];

/** The label for a class index from the model, or undefined for anything out of range. */
export function cocoLabel(index: number): CocoLabel | undefined {
  return Number.isInteger(index) ? COCO_LABELS[index] : undefined;
}
