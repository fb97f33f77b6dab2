// The opening every UBL 2.1 document of SUNAT's 2.0 customization shares — invoices and notes, dispatch guides,
// purchase settlements: the root and its namespaces, the signature's home (ext:UBLExtensions), UBLVersionID 2.1,
// CustomizationID 2.0, the ID (series-number) and the issue date and time. The UBL 2.0 documents (otros CPE,
// summaries) open their own way.
import { rootNamespaces, SIGNATURE_HOME, XML_DECLARATION } from '../namespaces.ts';
import { XmlWriter } from '../xml-writer.ts';

/** A writer with the document's root open and its opening written; `id` is series-number. */
export function openUbl21(
  root: string,
  namespace: string,
  id: string,
  issued: { issueDate: string; issueTime: string },
): XmlWriter {
  return new XmlWriter(XML_DECLARATION)
    .openRoot(root, rootNamespaces(namespace))
    .raw(SIGNATURE_HOME)
    .leaf('cbc:UBLVersionID', '2.1')
    .leaf('cbc:CustomizationID', '2.0')
    .leaf('cbc:ID', id)
    .leaf('cbc:IssueDate', issued.issueDate)
    .leaf('cbc:IssueTime', issued.issueTime);
}
