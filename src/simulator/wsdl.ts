// Minimal WSDL 1.1 for `?wsdl` (SOAP clients that generate stubs or check the service ask for it first). Operation
// names, namespaces and message parts follow SUNAT's billService.wsdl / billConsultService.wsdl.
import { escapeAttribute } from '../core/ubl/xml-writer.ts';

const operations = {
  bill: [
    [
      'sendBill',
      [
        ['fileName', 'string'],
        ['contentFile', 'base64Binary'],
        ['partyType', 'string'],
      ],
      [['applicationResponse', 'base64Binary']],
    ],
    [
      'sendSummary',
      [
        ['fileName', 'string'],
        ['contentFile', 'base64Binary'],
        ['partyType', 'string'],
      ],
      [['ticket', 'string']],
    ],
    [
      'sendPack',
      [
        ['fileName', 'string'],
        ['contentFile', 'base64Binary'],
        ['partyType', 'string'],
      ],
      [['ticket', 'string']],
    ],
    ['getStatus', [['ticket', 'string']], [['status', 'tns:statusResponse']]],
  ],
  consult: [
    [
      'getStatus',
      [
        ['rucComprobante', 'string'],
        ['tipoComprobante', 'string'],
        ['serieComprobante', 'string'],
        ['numeroComprobante', 'int'],
      ],
      [['status', 'tns:statusResponse']],
    ],
    [
      'getStatusCdr',
      [
        ['rucComprobante', 'string'],
        ['tipoComprobante', 'string'],
        ['serieComprobante', 'string'],
        ['numeroComprobante', 'int'],
      ],
      [['statusCdr', 'tns:statusResponse']],
    ],
  ],
} as const;

export function wsdlFor(kind: 'bill' | 'consult', location: string): string {
  const ops = operations[kind];
  const service = kind === 'bill' ? 'billService' : 'billConsultService';
  const field = (name: string, type: string) =>
    `<xsd:element name="${name}" type="${type.startsWith('tns:') ? type : `xsd:${type}`}" minOccurs="0"/>`;
  const elements = ops
    .map(
      ([op, input, output]) =>
        `<xsd:element name="${op}"><xsd:complexType><xsd:sequence>${input.map(([n, t]) => field(n, t)).join('')}</xsd:sequence></xsd:complexType></xsd:element>` +
        `<xsd:element name="${op}Response"><xsd:complexType><xsd:sequence>${output.map(([n, t]) => field(n, t)).join('')}</xsd:sequence></xsd:complexType></xsd:element>`,
    )
    .join('');
  const statusType =
    '<xsd:complexType name="statusResponse"><xsd:sequence>' +
    '<xsd:element name="content" type="xsd:base64Binary" minOccurs="0"/>' +
    '<xsd:element name="statusCode" type="xsd:string" minOccurs="0"/>' +
    '<xsd:element name="statusMessage" type="xsd:string" minOccurs="0"/>' +
    '</xsd:sequence></xsd:complexType>';
  const messages = ops
    .map(
      ([op]) =>
        `<wsdl:message name="${op}Request"><wsdl:part name="parameters" element="tns:${op}"/></wsdl:message>` +
        `<wsdl:message name="${op}Response"><wsdl:part name="parameters" element="tns:${op}Response"/></wsdl:message>`,
    )
    .join('');
  const portOps = ops
    .map(
      ([op]) =>
        `<wsdl:operation name="${op}"><wsdl:input message="tns:${op}Request"/><wsdl:output message="tns:${op}Response"/></wsdl:operation>`,
    )
    .join('');
  const bindingOps = ops
    .map(
      ([op]) =>
        `<wsdl:operation name="${op}"><soap:operation soapAction="urn:${op}"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="http://service.sunat.gob.pe" ' +
    `targetNamespace="http://service.sunat.gob.pe" name="${service}">` +
    `<wsdl:types><xsd:schema targetNamespace="http://service.sunat.gob.pe" elementFormDefault="unqualified">${statusType}${elements}</xsd:schema></wsdl:types>` +
    messages +
    `<wsdl:portType name="${service}">${portOps}</wsdl:portType>` +
    `<wsdl:binding name="${service}SoapBinding" type="tns:${service}"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>${bindingOps}</wsdl:binding>` +
    `<wsdl:service name="${service}"><wsdl:port name="${service}Port" binding="tns:${service}SoapBinding"><soap:address location="${escapeAttribute(location)}"/></wsdl:port></wsdl:service>` +
    '</wsdl:definitions>'
  );
}
