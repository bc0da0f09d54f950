export { dataBlockId, dataBlockIn as dataBlockOf } from '../../shell/document/data-block.js';
