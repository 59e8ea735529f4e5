import { accountOperations } from './account';
import { adminLoginOperation, adminLogoutOperation, adminSessionOperation } from './admin-auth';
import { getApiOperation, getUseCaseOperation, listApisOperation, listUseCasesOperation } from './catalogue';
import { createContactOperation, listContactsOperation } from './contacts';
import {
  defineCategoriesOperation,
  demoDetectOperation,
  demoObjectDetectionOperation,
  detectOperation,
} from './object-detection';
import type { OperationContract } from './operation';
import {
  addBrandOperation,
  demoWatermarkOperation,
  listBrandsOperation,
  removeBrandOperation,
  watermarkOperation,
} from './watermark';
import { captionOperation, demoCaptionOperation } from './caption';
import {
  classifyOperation,
  createLabelSetOperation,
  deleteLabelSetOperation,
  demoClassifyOperation,
  listLabelSetsOperation,
} from './classify';
import { similarOperations } from './similar';
import { demoFacesOperation, facesOperation } from './faces';
import { healthOperation, statusSummaryOperation } from './status';
import {
  demoPhotoValidationOperation,
  errorReportOperation,
  getPredictBatchOperation,
  listErrorReportsOperation,
  predictBatchOperation,
  predictOperation,
  whyNotRealOperation,
} from './photo-authenticity';
import { createInspectionOperation, getInspectionOperation } from './virtual-inspection';

/**
 * Every operation the site serves. The OpenAPI document is generated from this list, and a
 * test checks it against the routes the functions declare (each route here has a handler,
 * each handler's route is here). Add a contract here before writing its handler.
 */
export const operations: readonly OperationContract[] = [
  listApisOperation,
  getApiOperation,
  listUseCasesOperation,
  getUseCaseOperation,
  createContactOperation,
  listContactsOperation,
  adminLoginOperation,
  adminLogoutOperation,
  adminSessionOperation,
  detectOperation,
  defineCategoriesOperation,
  demoObjectDetectionOperation,
  demoDetectOperation,
  watermarkOperation,
  listBrandsOperation,
  addBrandOperation,
  removeBrandOperation,
  demoWatermarkOperation,
  ...accountOperations,
  predictOperation,
  predictBatchOperation,
  getPredictBatchOperation,
  whyNotRealOperation,
  errorReportOperation,
  listErrorReportsOperation,
  demoPhotoValidationOperation,
  classifyOperation,
  demoClassifyOperation,
  createLabelSetOperation,
  listLabelSetsOperation,
  deleteLabelSetOperation,
  captionOperation,
  demoCaptionOperation,
  ...similarOperations,
  facesOperation,
  demoFacesOperation,
  createInspectionOperation,
  getInspectionOperation,
  healthOperation,
  statusSummaryOperation,
];

export type { OperationContract } from './operation';
export { ERROR_EXAMPLE_MESSAGES, ERROR_HELP } from './error-docs';
export { ERROR_STATUS, errorBodySchema, errorCodes, type ErrorBody, type ErrorCode } from './errors';
