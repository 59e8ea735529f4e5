/** Catalogue id of the watermark API (subscriptions, metering). A module of its own, so light functions need not bundle the engine. */
export const WATERMARK_API_ID = 'watermark-detection';
