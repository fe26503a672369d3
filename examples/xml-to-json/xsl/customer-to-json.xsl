<?xml version="1.0" encoding="UTF-8"?>
<!--
  SOAP 1.1 GetCustomerResponse -> JSON customer; a SOAP Fault -> { "error": ..., "status": 404 or 502 }.
  Like rss-to-json.xsl, the output is the gateway's JSON shape (OXN), rendered as JSON by the gateway.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"
    xmlns:c="urn:example:customers"
    exclude-result-prefixes="soap c">
  <xsl:output method="xml" media-type="application/json" omit-xml-declaration="yes"/>

  <xsl:template match="/">
    <xsl:apply-templates select="soap:Envelope/soap:Body/*[1]"/>
  </xsl:template>

  <xsl:template match="c:GetCustomerResponse">
    <xsl:for-each select="c:customer">
      <json object="">
        <id number=""><xsl:value-of select="@id"/></id>
        <name string=""><xsl:value-of select="c:name"/></name>
        <email string=""><xsl:value-of select="c:email"/></email>
        <vip boolean=""><xsl:value-of select="@vip = 'true'"/></vip>
        <customerSince string=""><xsl:value-of select="c:since"/></customerSince>
        <address object="">
          <street string=""><xsl:value-of select="c:address/c:street"/></street>
          <city string=""><xsl:value-of select="c:address/c:city"/></city>
          <country string=""><xsl:value-of select="c:address/c:country"/></country>
        </address>
        <phones object="">
          <xsl:for-each select="c:phone">
            <json-element name="{@type}" string=""><xsl:value-of select="."/></json-element>
          </xsl:for-each>
        </phones>
      </json>
    </xsl:for-each>
  </xsl:template>

  <xsl:template match="soap:Fault">
    <json object="">
      <error string=""><xsl:value-of select="faultstring"/></error>
      <status number="">
        <xsl:choose>
          <xsl:when test="detail/c:NotFound">404</xsl:when>
          <xsl:otherwise>502</xsl:otherwise>
        </xsl:choose>
      </status>
    </json>
  </xsl:template>
</xsl:stylesheet>
