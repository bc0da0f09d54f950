export { dataBlockId, dataBlockIn as dataBlockOf, type DataBlock } from '../../shell/document/data-block.js';
